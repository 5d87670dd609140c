import { chatCloseCodes, type OperatorChatEvent, type ShopperChatEvent } from '@gvm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionRegistry } from '../../plugins/auth';
import { isOperatorSessionUsable } from '../operators';
import type { ChatBusEvent } from './bus';
import type { ChatContext } from './context';
import { anyOperatorOnline, clearInstance, markAbsent, markPresent, type PartyKind, refreshInstance } from './presence';

/** How often things are looked at again; tests shorten them. */
export interface ChatTimings {
  /** Sessions and token expiry of every socket (decision 020's 5-second registry check). */
  recheckMs: number;
  /** This instance's presence rows (read as fresh for a minute). */
  presenceRefreshMs: number;
  /** A socket must authenticate within this. */
  authTimeoutMs: number;
  /** WebSocket ping; a socket that has not answered the last one is dropped. */
  pingMs: number;
}

/** What a socket closed for a restart is told, with 1012 (service restart): come back shortly. */
export const RESTART_REASON = 'The server is restarting.';

export const defaultChatTimings: ChatTimings = {
  recheckMs: 5_000,
  presenceRefreshMs: 20_000,
  authTimeoutMs: 10_000,
  pingMs: 25_000,
};

/** One authenticated socket on this instance. */
export interface ChatConnection {
  socket: WebSocket;
  party: PartyKind;
  /** The shopper's user id or the operator's id. */
  partyId: string;
  sessionId: string;
  /** The token's end: past it the socket closes unless a fresh token came (decision 051). */
  expiresAt: Date;
  alive: boolean;
}

/**
 * This instance's chat sockets (decision 051): delivers the bus's events to them, keeps their
 * presence rows, and closes those whose session ended or whose token expired.
 */
export class ChatHub {
  private readonly connections = new Set<ChatConnection>();
  private operatorsOnline = false;
  /** Whether this instance ever wrote a presence row (so shutdown has rows to remove). */
  private wrotePresence = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: ChatContext,
    private readonly sessions: SessionRegistry,
    private readonly instanceId: string,
    private readonly log: FastifyBaseLogger,
    readonly timings: ChatTimings,
  ) {
    ctx.bus.subscribe((event) => this.deliver(event));
    sessions.onEnded((sessionId) => ctx.bus.publish({ kind: 'session-ended', sessionId }));
  }

  start(): void {
    const every = (ms: number, work: () => Promise<void>, what: string) => {
      const timer = setInterval(() => {
        work().catch((error: unknown) => this.log.warn({ err: error }, `chat: ${what} failed`));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.timings.recheckMs, () => this.recheck(), 'the session re-check');
    every(this.timings.presenceRefreshMs, () => this.refreshPresence(), 'the presence refresh');
    every(this.timings.pingMs, async () => this.ping(), 'the ping');
  }

  /** Whether an operator is online anywhere, asked again now. */
  async isSupportOnline(): Promise<boolean> {
    this.operatorsOnline = await anyOperatorOnline(this.ctx.db, this.ctx.clock());
    return this.operatorsOnline;
  }

  async add(connection: ChatConnection): Promise<void> {
    const first = !this.has(connection.party, connection.partyId);
    this.connections.add(connection);
    this.wrotePresence = true;
    await markPresent(this.ctx.db, connection.party, connection.partyId, this.instanceId, this.ctx.clock());
    if (first && connection.party === 'operator') this.ctx.bus.publish({ kind: 'presence' });
  }

  async remove(connection: ChatConnection): Promise<void> {
    if (!this.connections.delete(connection)) return;
    if (this.has(connection.party, connection.partyId)) return;
    await markAbsent(this.ctx.db, connection.party, connection.partyId, this.instanceId);
    if (connection.party === 'operator') this.ctx.bus.publish({ kind: 'presence' });
  }

  private has(party: PartyKind, partyId: string): boolean {
    for (const connection of this.connections) {
      if (connection.party === party && connection.partyId === partyId) return true;
    }
    return false;
  }

  private send(connection: ChatConnection, event: ShopperChatEvent | OperatorChatEvent): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(event));
  }

  private toShopper(shopperId: string, event: ShopperChatEvent): void {
    for (const connection of this.connections) {
      if (connection.party === 'shopper' && connection.partyId === shopperId) this.send(connection, event);
    }
  }

  private toOperators(event: OperatorChatEvent): void {
    for (const connection of this.connections) {
      if (connection.party === 'operator') this.send(connection, event);
    }
  }

  private deliver(event: ChatBusEvent): void {
    switch (event.kind) {
      case 'message':
        if (event.shopperView) this.toShopper(event.shopperId, { type: 'message', message: event.shopperView });
        this.toOperators({ type: 'message', message: event.opsView });
        return;
      case 'state':
        this.toShopper(event.shopperId, { type: 'state', conversation: event.shopperView });
        this.toOperators({ type: 'state', conversation: event.opsView });
        return;
      case 'typing':
      case 'read': {
        const { shopperId, kind: _kind, ...rest } = event;
        const wire = { type: event.kind, ...rest } as ShopperChatEvent & OperatorChatEvent;
        // Each side hears the other; operators also hear each other (two looking at one conversation).
        if (event.party === 'operator') this.toShopper(shopperId, wire);
        this.toOperators(wire);
        return;
      }
      case 'presence':
        this.announcePresence().catch((error: unknown) => this.log.warn({ err: error }, 'chat: presence failed'));
        return;
      case 'session-ended':
        for (const connection of this.connections) {
          if (connection.sessionId === event.sessionId) this.end(connection, chatCloseCodes.sessionEnded);
        }
        return;
    }
  }

  /** Tells every socket here whether support is online, when that changed. */
  private async announcePresence(): Promise<void> {
    const before = this.operatorsOnline;
    const now = await this.isSupportOnline();
    if (now === before) return;
    for (const connection of this.connections) this.send(connection, { type: 'presence', operatorsOnline: now });
  }

  end(connection: ChatConnection, code: number): void {
    const reason = code === chatCloseCodes.sessionEnded ? 'Your session has ended.' : 'Please sign in again.';
    connection.socket.close(code, reason);
    void this.remove(connection).catch((error: unknown) => this.log.warn({ err: error }, 'chat: presence failed'));
  }

  /** This instance's open sockets by party, for /metrics. */
  connectionCounts(): Record<PartyKind, number> {
    const counts: Record<PartyKind, number> = { shopper: 0, operator: 0 };
    for (const connection of this.connections) counts[connection.party] += 1;
    return counts;
  }

  /** Closes sockets whose token expired or whose session ended (decision 051). */
  private async recheck(): Promise<void> {
    const now = this.ctx.clock();
    for (const connection of [...this.connections]) {
      if (connection.expiresAt <= now) {
        this.end(connection, chatCloseCodes.unauthenticated);
        continue;
      }
      const usable =
        connection.party === 'shopper'
          ? await this.sessions.isLive(connection.sessionId)
          : await isOperatorSessionUsable(this.ctx.db, connection.sessionId, 'chat', now);
      if (!usable) this.end(connection, chatCloseCodes.sessionEnded);
    }
  }

  /** An instance with no sockets has no rows to refresh and nobody to tell. */
  private async refreshPresence(): Promise<void> {
    if (this.connections.size === 0) return;
    await refreshInstance(this.ctx.db, this.instanceId, this.ctx.clock());
    // An operator's instance that died says nothing: its rows age out, noticed here.
    await this.announcePresence();
  }

  private ping(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  /** On shutdown: sockets are told to come back (1012, service restart) and this instance's rows go. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    const hadOperators = [...this.connections].some((connection) => connection.party === 'operator');
    for (const connection of this.connections) connection.socket.close(1012, RESTART_REASON);
    this.connections.clear();
    if (!this.wrotePresence) return;
    try {
      await clearInstance(this.ctx.db, this.instanceId);
    } catch (error) {
      // Shutting down goes on: the rows age out within PRESENCE_FRESH_MS by themselves.
      this.log.warn({ err: error }, 'chat: presence rows were left to age out');
      return;
    }
    if (hadOperators) this.ctx.bus.publish({ kind: 'presence' });
  }
}
