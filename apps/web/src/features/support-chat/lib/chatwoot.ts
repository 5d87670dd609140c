import type { ChatWidget } from '@gvm/contract/support-chat';
import { signedInUserId } from './signed-in-user';

export type ChatwootWidget = Extract<ChatWidget, { provider: 'chatwoot' }>;

/** What Chatwoot's SDK puts on window (its website widget's documented API). */
interface ChatwootGlobals {
  chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
  $chatwoot?: {
    hasLoaded?: boolean;
    setUser(identifier: string, user: { name: string; email: string; identifier_hash: string }): void;
    reset(): void;
    toggleBubbleVisibility(visibility: 'show' | 'hide'): void;
  };
}

const chatwootWindow = () => window as unknown as ChatwootGlobals;

/** The widget to show now (a chat page of a signed-in shopper is mounted), and who Chatwoot was told it is. */
let wanted: ChatwootWidget | null = null;
let identified: string | null = null;
let loading = false;

/**
 * Brings Chatwoot's bubble in line with `wanted` once its SDK is ready: the shopper named with the
 * server's identity hash and the bubble shown on a chat page, hidden elsewhere. A different person
 * first resets Chatwoot's visitor, so nobody sees the last one's conversation.
 */
function sync() {
  const chatwoot = chatwootWindow().$chatwoot;
  if (!chatwoot?.hasLoaded) return;
  if (!wanted) {
    chatwoot.toggleBubbleVisibility('hide');
    return;
  }
  const { user } = wanted;
  if (identified !== user.identifier) {
    if (identified !== null) chatwoot.reset();
    chatwoot.setUser(user.identifier, { name: user.name, email: user.email, identifier_hash: user.identifierHash });
    identified = user.identifier;
  }
  chatwoot.toggleBubbleVisibility('show');
}

/** Loads `${baseUrl}/packs/js/sdk.js` once and runs it; `chatwoot:ready` then names the shopper. */
function loadSdk({ baseUrl, websiteToken }: ChatwootWidget) {
  if (loading) return;
  loading = true;
  window.addEventListener('chatwoot:ready', sync);
  const script = document.createElement('script');
  script.src = `${baseUrl}/packs/js/sdk.js`;
  script.async = true;
  script.onload = () => chatwootWindow().chatwootSDK?.run({ websiteToken, baseUrl });
  document.body.appendChild(script);
}

/** A chat page shows Chatwoot's bubble for this shopper (docs/product/support-chat.md#another-chat-service). */
export function showChatwoot(widget: ChatwootWidget): void {
  wanted = widget;
  loadSdk(widget);
  sync();
}

/**
 * The chat page is left: the bubble is hidden; when its shopper is no longer the one signed in
 * (signed out, or another account), Chatwoot's visitor is reset too.
 */
export function hideChatwoot(widget: ChatwootWidget): void {
  if (wanted === widget) wanted = null;
  const chatwoot = chatwootWindow().$chatwoot;
  if (identified === widget.user.identifier && signedInUserId() !== identified && chatwoot?.hasLoaded) {
    chatwoot.reset();
    identified = null;
  }
  sync();
}
