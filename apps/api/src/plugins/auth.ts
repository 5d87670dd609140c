import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../app-types';
import { forbidden, unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';

export interface AuthenticatedUser {
  id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` from the bearer access token. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid access token. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The signed-in user of a request that passed `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** ARCHITECTURE.md section 5: a path with :userId answers 403 unless it is the caller's own id. */
export function assertSameUser(request: FastifyRequest, userId: string): AuthenticatedUser {
  const user = currentUser(request);
  if (user.id !== userId) throw forbidden();
  return user;
}

export const authPlugin = fp(async (app: App) => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('Authentication required');
    const userId = await verifyAccessToken(app.appConfig.jwtSecret, match[1]);
    if (!userId) throw unauthorized('Your session has expired. Please log in again.');
    request.user = { id: userId };
  });
});
