import { type ChatClientEvent, chatClientEventSchema, chatCloseCodes, type ShopperChatEvent } from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { RawData, WebSocket } from 'ws';
import type { App } from '../../app-types';
import { AppError } from '../../lib/errors';
import { verifyAccessToken } from '../../lib/tokens';
import { authenticateOperator } from '../operators';
import type { ChatContext } from './context';
import { currentConversationOf, findConversation } from './conversations';
import type { ChatConnection, ChatHub } from './hub';

/** A typing event a socket sends is passed on at most this often (the indicator needs no more). */
const TYPING_EVERY_MS = 2_000;
/** The largest client message read: an `auth` with a token, or `typing`. */
export const CHAT_SOCKET_MAX_BYTES = 8 * 1024;

type Identity = Pick<ChatConnection, 'party' | 'partyId' | 'sessionId' | 'expiresAt'>;

/**
 * Whether a socket may be opened from the page its handshake names in `Origin` (decision 064). A
 * browser always sends Origin on a WebSocket handshake, so a page of another site is refused
 * before the upgrade. Allowed: the shop's own origin (PUBLIC_URL), and the address the handshake
 * was sent to, i.e. a page this very instance served (a developer at 127.0.0.1 while PUBLIC_URL
 * says localhost, or the cluster's tests, which open each instance by its own address). No Origin
 * at all is a client that is not a browser (the API tests, a script): no page of another site can
 * send that, and it signs in by its first message like everyone else.
 */
export function isAllowedSocketOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
): boolean {
  if (origin === undefined) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
  if (page.origin === new URL(publicUrl).origin) return true;
  return host !== undefined && page.host === host.toLowerCase();
}

/**
 * Who a token belongs to (decision 051): a shopper's access token of a live session, or an
 * operator's full session of a role with `chat`. Null for anything else.
 */
async function identify(app: App, token: string): Promise<Identity | null> {
  const claims = await verifyAccessToken(app.appConfig.jwtSecret, token);
  if (claims) {
    if (!(await app.sessions.isLive(claims.sessionId))) return null;
    const { exp } = decodeJwt(token);
    if (typeof exp !== 'number') return null;
    return { party: 'shopper', partyId: claims.userId, sessionId: claims.sessionId, expiresAt: new Date(exp * 1000) };
  }
  try {
    const operator = await authenticateOperator(
      app.db,
      app.appConfig,
      `Bearer ${token}`,
      { stage: 'full', capability: 'chat', socketTicket: true },
      app.clock(),
    );
    return {
      party: 'operator',
      partyId: operator.operatorId,
      sessionId: operator.sessionId,
      expiresAt: operator.expiresAt,
    };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

function parse(raw: RawData): ChatClientEvent | null {
  try {
    const parsed = chatClientEventSchema.safeParse(JSON.parse(raw.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One socket's life: nothing but `auth` is read until it succeeds (within the timeout), then
 * `auth` again renews the token and `typing` is passed on. Messages are handled one at a time,
 * in order, so one sent while `auth` is checked waits for it.
 */
export function chatSocketHandler(app: App, ctx: ChatContext, hub: ChatHub) {
  return (socket: WebSocket, _request: FastifyRequest) => {
    let connection: ChatConnection | null = null;
    let lastTypingAt = 0;
    let queue = Promise.resolve();
    const say = (event: ShopperChatEvent) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    };
    const authTimer = setTimeout(() => {
      if (!connection) socket.close(chatCloseCodes.unauthenticated, 'Please sign in again.');
    }, hub.timings.authTimeoutMs);

    const authenticate = async (token: string) => {
      const identity = await identify(app, token);
      if (
        !identity ||
        (connection && (connection.party !== identity.party || connection.partyId !== identity.partyId))
      ) {
        if (connection) hub.end(connection, chatCloseCodes.unauthenticated);
        else socket.close(chatCloseCodes.unauthenticated, 'Please sign in again.');
        return;
      }
      if (connection) {
        connection.sessionId = identity.sessionId;
        connection.expiresAt = identity.expiresAt;
      } else {
        clearTimeout(authTimer);
        connection = { socket, ...identity, alive: true };
        socket.on('pong', () => {
          if (connection) connection.alive = true;
        });
        await hub.add(connection);
      }
      say({
        type: 'ready',
        party: identity.party,
        operatorsOnline: await hub.isSupportOnline(),
        expiresAt: identity.expiresAt.toISOString(),
      });
    };

    const typing = async (conversationId: string | undefined) => {
      if (!connection) return;
      const now = Date.now();
      if (now - lastTypingAt < TYPING_EVERY_MS) return;
      lastTypingAt = now;
      if (connection.party === 'shopper') {
        const current = await currentConversationOf(ctx.db, connection.partyId);
        if (!current || current.state === 'resolved') return;
        ctx.bus.publish({ kind: 'typing', shopperId: current.shopperId, conversationId: current.id, party: 'shopper' });
        return;
      }
      if (!conversationId || !/^[0-9a-f-]{36}$/i.test(conversationId)) return;
      const conversation = await findConversation(ctx.db, conversationId.toLowerCase());
      if (!conversation) return;
      ctx.bus.publish({
        kind: 'typing',
        shopperId: conversation.shopperId,
        conversationId: conversation.id,
        party: 'operator',
      });
    };

    const handle = async (raw: RawData) => {
      const event = parse(raw);
      if (!event) {
        say({ type: 'error', error: 'That message was not understood.' });
        return;
      }
      if (event.type === 'auth') await authenticate(event.token);
      else if (connection) await typing(event.conversationId);
      else socket.close(chatCloseCodes.unauthenticated, 'Please sign in first.');
    };

    socket.on('message', (raw: RawData) => {
      queue = queue
        .then(() => handle(raw))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'chat: a socket message failed');
          socket.close(1011, 'Something went wrong.');
        });
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      queue = queue
        .then(async () => {
          if (connection) await hub.remove(connection);
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'chat: presence failed'));
    });
  };
}
