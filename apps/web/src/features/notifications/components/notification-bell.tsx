/** The header's notification bell (spec 000 section 2). Built with accounts (issue 3). */
export function NotificationBell() {
  return null;
}
