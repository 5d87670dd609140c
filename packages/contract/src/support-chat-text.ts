/**
 * What the support chat's widget and console page say and do with text, without zod (decision
 * 023: the account pages' shell may show the launcher without loading the schemas). The rules
 * are in docs/product/support-chat.md.
 */

/** A message is 1 to 2,000 characters after trimming. */
export const CHAT_MESSAGE_MAX = 2000;

/** The shopper's copy, exact (docs/product/support-chat.md#the-shoppers-panel). */
export const chatShopperCopy = {
  launcher: 'Chat with us',
  launcherUnread: (unread: number) => `Chat with us (${unread} unread)`,
  panelTitle: 'Support',
  /** The panel's first line, with the shopper's first name (`firstNameOf`: 'there' without one). */
  greeting: (firstName: string) => `Hi ${firstName}, how can we help?`,
  /** Shown under the greeting while an operator is online; the offline notice says what happens otherwise. */
  replyTime: 'We usually reply within a few minutes.',
  /** The questions shoppers ask most, offered before anything is written: pressed, one is sent as the first message. */
  suggestionsLabel: 'Common questions',
  suggestions: ["My gift hasn't arrived", "My voucher code doesn't work at the till"],
  messageLabel: 'Message',
  /** The message field's placeholder: plain and short, the label says the rest. */
  messagePlaceholder: 'Type your message',
  /** Who wrote a message, above it: the shopper's own, or support's by the operator's display name. */
  you: 'You',
  send: 'Send',
  sending: 'Sending…',
  notSent: 'Not sent — Retry',
  operatorTyping: 'Support is typing…',
  offline: "We're offline right now. Leave a message and we'll reply here and by e-mail.",
  satisfactionQuestion: 'Did we solve your problem?',
  satisfactionYes: 'Yes',
  satisfactionNo: 'No',
  satisfactionThanks: 'Thank you for your answer.',
  satisfactionNotSent: 'Your answer was not sent. Please try again.',
} as const;

/** The console's copy on a conversation (docs/product/support-chat.md#in-the-browser). */
export const chatOperatorCopy = {
  shopperTyping: 'Customer is typing…',
  /** The menu item with conversations waiting unread, e.g. 'Chat (2 unread)'. */
  menuUnread: (conversations: number) => `Chat (${conversations} unread)`,
  /** The phone's 'Menu' button, the menu's items being behind it. */
  menuButtonUnread: (conversations: number) =>
    `Menu (${conversations} unread ${conversations === 1 ? 'chat' : 'chats'})`,
} as const;

/**
 * The name an operator signs replies with, on both sides (decision 074): the first word of their
 * work e-mail's local part, letters only, capitalised ('jane.doe@…' is 'Jane'), or 'Support'
 * when none is left. The shopper never sees the e-mail itself.
 */
export function operatorDisplayName(email: string): string {
  const first = (email.split('@')[0] ?? '').split(/[._+-]/)[0] ?? '';
  const letters = first.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0) return 'Support';
  return letters.charAt(0).toUpperCase() + letters.slice(1).toLowerCase();
}

/** The answer of a send refused by the per-shopper limit (429). */
export const CHAT_RATE_LIMITED_MESSAGE = "You're sending messages too fast. Try again in a minute.";

/**
 * The answer of a send to the built-in chat while the shop uses another chat service (409): a page
 * opened before the switch still shows the built-in panel; reloaded, it shows the other service.
 */
export const CHAT_MOVED_MESSAGE = 'Our chat has moved. Reload the page to chat with us.';

export const chatConversationStateNames = {
  open: 'Open',
  waiting: 'Waiting on customer',
  resolved: 'Resolved',
} as const;

/** Where the chat e-mail's link leads: the wallet, with the chat panel opened. */
export const CHAT_PAGE_PATH = '/wallet?chat=open';

/**
 * A WebSocket close code the server uses (decision 051). A client reconnects after any other
 * close; after these it needs a fresh token (4401) or a new sign-in (4403) first.
 */
export const chatCloseCodes = {
  /** No valid `auth` message in time, or the token expired and no fresh one came. */
  unauthenticated: 4401,
  /** The session ended: logout, 'Sign out everywhere', the account or operator disabled. */
  sessionEnded: 4403,
} as const;

/** Fills a canned reply's placeholders: `{firstName}` becomes the shopper's first name. */
export function fillCannedReply(body: string, values: { firstName: string }): string {
  return body.replaceAll('{firstName}', values.firstName);
}

/** The first word of a shopper's name, for `{firstName}`; 'there' when the name is empty. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || 'there';
}

export type ChatTextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link it follows. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * A message as text and links, for rendering without HTML: only http(s) addresses become links
 * (never javascript:, data: or anything else), and each is shown as the text it was. A client
 * renders text parts as text and links with rel="noopener noreferrer nofollow" target="_blank".
 */
export function chatTextParts(body: string): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    const start = match.index;
    const link = match[0].replace(TRAILING, '');
    if (link.length <= 'https://'.length) continue;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    parts.push({ kind: 'link', text: link, href: link });
    last = start + link.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}
