import {
  businessCategoryOptions,
  type PartnershipSubmission,
  type SupportSubmission,
  supportSubjectNames,
} from '@gvm/contract';
import {
  acknowledgementEmail,
  operationsCopyEmail,
  productName,
  type RenderedEmail,
  renderEmail,
} from '../../adapters/mail/templates';
import type { Config } from '../../config';

type Links = Pick<Config, 'publicUrl'>;

/*
 * Acknowledgements go to whatever address a visitor typed, so they repeat none of the visitor's
 * own words (name, message, company): the forms cannot be used to send a stranger arbitrary text.
 * The copies for the operations team carry every field, with the sender as Reply-To.
 */

export function newsletterAcknowledgement({ publicUrl }: Links): RenderedEmail {
  return renderEmail({
    subject: `You are subscribed to ${productName} updates`,
    heading: 'Thank you for subscribing!',
    preview: 'News of our newest retail partners, straight to your inbox.',
    blocks: [
      {
        kind: 'paragraph',
        text: `We will email you when new retail partners, restaurants and experiences join ${productName}, and when we have offers worth knowing about. We send a few messages a month at most.`,
      },
      { kind: 'button', label: 'Browse the marketplace', url: `${publicUrl}/` },
      { kind: 'note', text: 'If you did not sign up, reply to this email and we will remove your address.' },
    ],
  });
}

export function supportAcknowledgement({ publicUrl }: Links, message: SupportSubmission): RenderedEmail {
  const topic = supportSubjectNames[message.subject].toLowerCase();
  return acknowledgementEmail({
    kind: 'message',
    paragraphs: [
      `Your message about ${topic} is with our support team, and we will reply to this address within one business day.`,
      'Our support hours (GMT) are Monday to Friday 9:00 AM to 5:00 PM and Saturday 10:00 AM to 4:00 PM; we are closed on Sundays.',
      `Many questions about redeeming and exchanging vouchers are answered in our guide: ${publicUrl}/exchange`,
    ],
  });
}

export function partnershipAcknowledgement({ publicUrl }: Links): RenderedEmail {
  return acknowledgementEmail({
    kind: 'partnership application',
    paragraphs: [
      'Our partnerships team will review your business details and be in touch within three business days to arrange a short call about your voucher range, onboarding and launch date.',
      `Read more about partnering with us: ${publicUrl}/partners`,
    ],
  });
}

export function newsletterOpsCopy(email: string) {
  return operationsCopyEmail({ title: 'New newsletter subscriber', fields: [['Email', email]], replyTo: email });
}

export function supportOpsCopy(message: SupportSubmission) {
  const subject = supportSubjectNames[message.subject];
  return operationsCopyEmail({
    title: `Contact message (${subject}) from ${message.name}`,
    fields: [
      ['Name', message.name],
      ['Email', message.email],
      ['Subject', subject],
      ['Message', message.message],
    ],
    replyTo: message.email,
  });
}

export function partnershipOpsCopy(application: PartnershipSubmission) {
  const category = businessCategoryOptions.find((option) => option.value === application.businessCategory)?.name;
  return operationsCopyEmail({
    title: `Partnership application from ${application.companyName}`,
    fields: [
      ['Company name', application.companyName],
      ['Contact name', application.contactName],
      ['Business email', application.businessEmail],
      ['Phone number', application.phoneNumber || notGiven],
      ['Company website', application.companyWebsite || notGiven],
      ['Business category', category ?? notGiven],
      ['About the business', application.aboutBusiness || notGiven],
    ],
    replyTo: application.businessEmail,
  });
}

const notGiven = '(not given)';
