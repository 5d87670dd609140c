import { useEffect } from 'react';
import { type ChatwootWidget, hideChatwoot, showChatwoot } from '../lib/chatwoot';

/** Chatwoot's bubble instead of the built-in launcher while a chat page is shown (decision 054). */
export function ChatwootChat({ widget }: { widget: ChatwootWidget }) {
  useEffect(() => {
    showChatwoot(widget);
    return () => hideChatwoot(widget);
  }, [widget]);
  return null;
}
