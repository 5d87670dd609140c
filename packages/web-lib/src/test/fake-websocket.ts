import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A WebSocket the test plays the server of: the code under test opens it as it would a real one
 * (`new WebSocket(url)`), and the test accepts it, reads what it sent, pushes events and drops it.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = FakeWebSocket.CONNECTING;
  /** What the client sent, parsed. */
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    opened: FakeWebSocket[],
  ) {
    opened.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  /** The client closes it. */
  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** The server accepts the connection. */
  accept(): void {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  /** The server pushes an event. */
  push(event: unknown): void {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
    });
  }

  /** The connection drops (1006: no close frame, as when the network or the server goes). */
  drop(code = 1006): void {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.(new CloseEvent('close', { code }));
    });
  }
}

/** Replaces the browser's WebSocket for one test; `sockets` lists every one opened, in order. */
export function installFakeWebSocket(): { sockets: FakeWebSocket[]; restore(): void } {
  const sockets: FakeWebSocket[] = [];
  const Fake = class extends FakeWebSocket {
    constructor(url: string) {
      super(url, sockets);
    }
  };
  vi.stubGlobal('WebSocket', Fake);
  return { sockets, restore: () => vi.unstubAllGlobals() };
}
