import { CHAT_PAGE_PATH } from '@gvm/contract';
import { productName, type RenderedEmail, renderEmail } from '../../adapters/mail/templates';

/**
 * Support's reply to a shopper who was not watching the chat (docs/product/support-chat.md#e-mail):
 * the reply itself (text, escaped in the HTML part like every block) and a link back to the chat.
 * It goes to the account's own address, so quoting the operator's words is safe.
 */
export function chatReplyEmail({
  firstName,
  reply,
  publicUrl,
}: {
  firstName: string;
  reply: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Support replied to your chat with ${productName}`,
    heading: 'Support replied',
    preview: reply.slice(0, 140),
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      { kind: 'paragraph', text: 'Our support team replied to your chat:' },
      { kind: 'quote', text: reply },
      { kind: 'button', label: 'Open the chat', url: `${publicUrl}${CHAT_PAGE_PATH}` },
      {
        kind: 'note',
        text: 'Reply in the chat rather than to this e-mail, so the whole conversation stays in one place.',
      },
    ],
  });
}
