import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../app-types';
import { forbidden, unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';

export interface AuthenticatedUser {
  id: string;
}

/**
 * What the plugin asks about an access token's session (the auth module answers; decision 020):
 * a token stops working when its session ends (logout, or a reused refresh token).
 */
export interface SessionRegistry {
  /** Whether the session may still be used; may answer from a cache a few seconds old. */
  isLive(sessionId: string): Promise<boolean>;
  /** Tells this instance at once that the session has ended. */
  ended(sessionId: string): void;
  /**
   * Subscribes to `ended` on this instance (the chat closes that session's sockets at once,
   * decision 051). Answers the unsubscribe function.
   */
  onEnded(listener: (sessionId: string) => void): () => void;
}

export interface AuthPluginOptions {
  sessions: SessionRegistry;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` from the bearer access token. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid access token of a live session. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The sessions access tokens belong to (see SessionRegistry). */
    sessions: SessionRegistry;
  }
}

/** The signed-in user of a request that passed `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** docs/product/README.md#access: a path with :userId answers 403 unless it is the caller's own id. */
export function assertSameUser(request: FastifyRequest, userId: string): AuthenticatedUser {
  const user = currentUser(request);
  if (user.id !== userId) throw forbidden();
  return user;
}

export const authPlugin = fp(async (app: App, options: AuthPluginOptions) => {
  app.decorateRequest('user', null);
  app.decorate('sessions', options.sessions);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('Authentication required');
    const claims = await verifyAccessToken(app.appConfig.jwtSecret, match[1]);
    if (!claims || !(await app.sessions.isLive(claims.sessionId))) {
      throw unauthorized('Your session has expired. Please log in again.');
    }
    request.user = { id: claims.userId };
  });
});
