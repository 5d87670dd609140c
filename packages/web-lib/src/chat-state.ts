import type { ShopperChat, ShopperChatMessage, ShopperConversation } from '@gvm/contract/support-chat';

/** A message the shopper has sent that the server has not stored yet (or refused). */
export interface PendingMessage {
  clientId: string;
  body: string;
  status: 'sending' | 'failed';
  /** Why it failed, when the server said (a 429's 'You're sending messages too fast…'). */
  error?: string;
}

/** What the widget knows (docs/product/support-chat.md#in-the-browser). */
export interface ChatState {
  loaded: boolean;
  conversation: ShopperConversation | null;
  /** Stored messages, by increasing id, each once. */
  messages: ShopperChatMessage[];
  /** Sent and not yet stored, in the order written. */
  pending: PendingMessage[];
  operatorsOnline: boolean;
  supportTyping: boolean;
  /** The greatest id the shopper has read, here or on another device. */
  readUpTo: string;
}

export const initialChatState: ChatState = {
  loaded: false,
  conversation: null,
  messages: [],
  pending: [],
  operatorsOnline: true,
  supportTyping: false,
  readUpTo: '0',
};

export type ChatAction =
  | { type: 'fetched'; chat: ShopperChat }
  | { type: 'message'; message: ShopperChatMessage }
  | { type: 'conversation'; conversation: ShopperConversation }
  | { type: 'sending'; clientId: string; body: string }
  | { type: 'sent'; message: ShopperChatMessage; conversation: ShopperConversation }
  | { type: 'failed'; clientId: string; error?: string }
  | { type: 'operators-online'; online: boolean }
  | { type: 'support-typing'; typing: boolean }
  | { type: 'read'; lastReadId: string };

/** Compares two message ids (decimal strings of a bigint sequence) as numbers. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `held` and `incoming` as one list in id order, each id once (the incoming copy kept). */
export function mergeById<T extends { id: string }>(held: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map(held.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

function maxId(a: string, b: string): string {
  return compareIds(a, b) >= 0 ? a : b;
}

/**
 * Adds messages by id: one already held is replaced, never repeated, and the list stays in id
 * order, so a catch-up after a reconnection that overlaps what the socket delivered shows nothing
 * twice. A stored message of the shopper's replaces the pending one with its client id.
 */
export function mergeMessages(state: ChatState, incoming: ShopperChatMessage[]): ChatState {
  if (incoming.length === 0) return state;
  const messages = mergeById(state.messages, incoming);
  const stored = new Set(incoming.filter((message) => message.author === 'shopper').map((message) => message.clientId));
  const pending = state.pending.filter((message) => !stored.has(message.clientId));
  const supportSpoke = incoming.some((message) => message.author === 'support');
  return { ...state, messages, pending, supportTyping: supportSpoke ? false : state.supportTyping };
}

function withConversation(state: ChatState, conversation: ShopperConversation): ChatState {
  return { ...state, conversation, readUpTo: maxId(state.readUpTo, conversation.lastReadId) };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'fetched': {
      const merged = mergeMessages(
        { ...state, loaded: true, operatorsOnline: action.chat.operatorsOnline },
        action.chat.messages,
      );
      return action.chat.conversation ? withConversation(merged, action.chat.conversation) : merged;
    }
    case 'message':
      return mergeMessages(state, [action.message]);
    case 'conversation':
      return withConversation(state, action.conversation);
    case 'sending': {
      const pending = state.pending.filter((message) => message.clientId !== action.clientId);
      return { ...state, pending: [...pending, { clientId: action.clientId, body: action.body, status: 'sending' }] };
    }
    case 'sent':
      return withConversation(mergeMessages(state, [action.message]), action.conversation);
    case 'failed':
      return {
        ...state,
        pending: state.pending.map((message) =>
          message.clientId === action.clientId ? { ...message, status: 'failed', error: action.error } : message,
        ),
      };
    case 'operators-online':
      return { ...state, operatorsOnline: action.online };
    case 'support-typing':
      return { ...state, supportTyping: action.typing };
    case 'read':
      return { ...state, readUpTo: maxId(state.readUpTo, action.lastReadId) };
  }
}

/** The id of the last stored message, '0' when there is none: where a catch-up starts. */
export function lastMessageId(state: ChatState): string {
  return state.messages.at(-1)?.id ?? '0';
}

/** Support's messages in the current conversation the shopper has not read. */
export function unreadCount(state: ChatState): number {
  const conversationId = state.conversation?.id;
  return state.messages.filter(
    (message) =>
      message.author === 'support' &&
      message.conversationId === conversationId &&
      compareIds(message.id, state.readUpTo) > 0,
  ).length;
}
