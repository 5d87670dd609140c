/** The footer's newsletter sign-up (spec 000 section 4). Built by the outreach work (issue 4). */
export function NewsletterForm() {
  return null;
}
