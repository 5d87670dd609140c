import { apiUrl } from '@gvm/contract/api-path';
import { chatCloseCodes } from '@gvm/contract/support-chat-text';

/** What the socket says of itself: connecting (or waiting to reconnect), authenticated, or given up. */
export type ChatSocketStatus = 'connecting' | 'ready' | 'ended';

export interface ChatSocketOptions<E extends { type: string }> {
  /** The token to authenticate with (the first `auth` message); null: there is none, stop. */
  token(options: { fresh: boolean }): Promise<string | null>;
  /** An event from the server, already checked against the contract's schema; null: not one. */
  parse(data: unknown): E | null;
  onEvent(event: E): void;
  onStatus?(status: ChatSocketStatus): void;
  /** The first wait before reconnecting, doubled after each failed attempt up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** How long before the token's expiry a fresh one is sent (decision 051). */
  renewBeforeMs?: number;
}

export interface ChatSocket {
  /**
   * Sends a client event when authenticated and answers true; drops it otherwise and answers false
   * (typing is not worth queueing).
   */
  send(event: { type: string } & Record<string, unknown>): boolean;
  close(): void;
}

/** The socket's address on this origin: `ws(s)://host/api/v1/support-chat/socket`. */
export function chatSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${apiUrl('/support-chat/socket')}`;
}

/**
 * One WebSocket to the chat (decision 051), kept open: it authenticates with its first message,
 * reconnects by itself after a drop or a server restart (waiting 0.5 s, 1 s, 2 s… up to 15 s, at
 * once when the browser comes back online), fetches a fresh token when the server says the old
 * one has expired (4401), sends a fresh one before the current one expires, and gives up only when
 * the session has ended (4403). What to do after each `ready` (catching up by last id) is the
 * caller's: it receives the `ready` event like any other.
 */
export function openChatSocket<E extends { type: string }>(url: string, options: ChatSocketOptions<E>): ChatSocket {
  const initialDelay = options.initialDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 15_000;
  const renewBefore = options.renewBeforeMs ?? 60_000;
  let socket: WebSocket | null = null;
  let ready = false;
  let closed = false;
  let attempts = 0;
  let freshToken = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;

  const status = (value: ChatSocketStatus) => options.onStatus?.(value);

  function connect() {
    clearTimeout(reconnectTimer);
    if (closed) return;
    ready = false;
    status('connecting');
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      const fresh = freshToken;
      freshToken = false;
      void options.token({ fresh }).then(
        (token) => {
          if (socket !== current || current.readyState !== WebSocket.OPEN) return;
          if (token) current.send(JSON.stringify({ type: 'auth', token }));
          else stop();
        },
        () => current.close(),
      );
    };
    current.onmessage = (message) => {
      if (socket !== current) return;
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const event = options.parse(data);
      if (!event) return;
      if (event.type === 'ready') {
        ready = true;
        attempts = 0;
        status('ready');
        scheduleRenewal((event as { expiresAt?: string }).expiresAt);
      }
      options.onEvent(event);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      ready = false;
      clearTimeout(renewTimer);
      if (closed) return;
      if (event.code === chatCloseCodes.sessionEnded) {
        stop();
        return;
      }
      if (event.code === chatCloseCodes.unauthenticated) freshToken = true;
      const delay = Math.min(maxDelay, initialDelay * 2 ** attempts);
      attempts += 1;
      status('connecting');
      reconnectTimer = setTimeout(connect, delay);
    };
  }

  function scheduleRenewal(expiresAt: string | undefined) {
    clearTimeout(renewTimer);
    const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
    if (Number.isNaN(expiry)) return;
    const wait = Math.max(0, expiry - Date.now() - renewBefore);
    // Timers longer than about 24.8 days overflow: a token that far off needs no renewal here.
    if (wait > 2_000_000_000) return;
    const current = socket;
    renewTimer = setTimeout(() => {
      void options.token({ fresh: true }).then(
        (token) => {
          if (token && socket === current && current?.readyState === WebSocket.OPEN) {
            current.send(JSON.stringify({ type: 'auth', token }));
          }
        },
        () => undefined,
      );
    }, wait);
  }

  function reconnectNow() {
    if (closed || socket) return;
    attempts = 0;
    connect();
  }

  function stop() {
    closed = true;
    clearTimeout(reconnectTimer);
    clearTimeout(renewTimer);
    window.removeEventListener('online', reconnectNow);
    const current = socket;
    socket = null;
    current?.close();
    status('ended');
  }

  window.addEventListener('online', reconnectNow);
  connect();

  return {
    send(event) {
      if (!ready || socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(event));
      return true;
    },
    close: stop,
  };
}
