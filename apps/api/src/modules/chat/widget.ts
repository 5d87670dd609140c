import { createHmac } from 'node:crypto';
import type { ChatWidget } from '@gvm/contract';
import { unauthorized } from '../../lib/errors';
import { findUserContacts } from '../users';
import type { ChatContext } from './context';
import { currentConversationOf } from './conversations';
import { shopperConversationView } from './views';

/**
 * Chatwoot's identity hash of a shopper (its website inbox's identity validation): HMAC-SHA256
 * of the identifier, keyed with the inbox's token, in hex. Made only here, on the server, so a
 * shopper cannot name themselves as another to Chatwoot.
 */
export function chatwootIdentityHash(identifier: string, hmacToken: string): string {
  return createHmac('sha256', hmacToken).update(identifier).digest('hex');
}

/**
 * Which chat the shopper's pages show (docs/product/support-chat.md#another-chat-service): the
 * built-in one with the shopper's current conversation (so the launcher shows its unread count
 * from this one answer, decision 075), or Chatwoot's widget with the shopper's id, name, e-mail
 * and identity hash.
 */
export async function chatWidgetFor(ctx: ChatContext, shopperId: string): Promise<ChatWidget> {
  const settings = ctx.config.supportChat;
  if (settings.provider === 'built-in') {
    const conversation = await currentConversationOf(ctx.db, shopperId);
    return {
      provider: 'built-in',
      conversation: conversation ? await shopperConversationView(ctx.db, conversation) : null,
    };
  }
  const shopper = (await findUserContacts(ctx.db, [shopperId])).get(shopperId);
  if (!shopper) throw unauthorized();
  return {
    provider: 'chatwoot',
    baseUrl: settings.baseUrl,
    websiteToken: settings.websiteToken,
    user: {
      identifier: shopper.id,
      identifierHash: chatwootIdentityHash(shopper.id, settings.hmacToken),
      name: shopper.name,
      email: shopper.email,
    },
  };
}
