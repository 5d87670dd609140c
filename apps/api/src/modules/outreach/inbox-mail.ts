import { productName, type RenderedEmail, renderEmail } from '../../adapters/mail/templates';

/** An operator's reply to a contact message, with the sender's message quoted below it. */
export function messageReplyEmail({
  name,
  reply,
  original,
  sentAt,
}: {
  name: string;
  reply: string;
  original: string;
  sentAt: Date;
}): RenderedEmail {
  const when = sentAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return renderEmail({
    subject: `Re: your message to ${productName}`,
    heading: 'A reply to your message',
    preview: reply.slice(0, 140),
    blocks: [
      { kind: 'paragraph', text: `Hello ${name},` },
      { kind: 'paragraph', text: reply },
      { kind: 'paragraph', text: `On ${when} you wrote:` },
      { kind: 'quote', text: original },
      { kind: 'note', text: 'Reply to this e-mail to write back to our support team.' },
    ],
  });
}

/*
 * The decisions are sent to the address an applicant typed, so, like the acknowledgements
 * (./mail.ts), they repeat nothing the applicant wrote: an application cannot make us send a
 * stranger arbitrary text (decision 050).
 */

export function applicationAcceptedEmail({ publicUrl }: { publicUrl: string }): RenderedEmail {
  return renderEmail({
    subject: `Your partnership application to ${productName} is accepted`,
    heading: 'Welcome aboard',
    preview: 'Your partnership application is accepted.',
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `We are pleased to tell you that your application to sell gift vouchers on ${productName} is accepted.`,
      },
      {
        kind: 'paragraph',
        text: 'Our partnerships team will be in touch within two business days to arrange onboarding: your voucher range, artwork and launch date.',
      },
      { kind: 'button', label: 'Read about partnering with us', url: `${publicUrl}/partners` },
      { kind: 'note', text: 'Reply to this e-mail if you have a question in the meantime.' },
    ],
  });
}

export function applicationRejectedEmail(): RenderedEmail {
  return renderEmail({
    subject: `Your partnership application to ${productName}`,
    heading: 'Thank you for applying',
    preview: 'An answer to your partnership application.',
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `Thank you for your interest in selling gift vouchers on ${productName}. After reviewing your application, we are not able to offer a partnership at this time.`,
      },
      { kind: 'paragraph', text: 'You are welcome to apply again in six months if your business changes.' },
      { kind: 'note', text: 'Reply to this e-mail if you would like to know more.' },
    ],
  });
}
