import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import type { Broadcast } from '../../lib/broadcast';
import type { SessionRegistry } from '../../plugins/auth';
import { isSessionLive } from './session-service';

/**
 * How long one instance trusts what it learned about a session before asking the database again
 * (decision 020). With REDIS_URL an ended session is also published to every instance, which
 * forget it at once (decision 056); this is then only the bound when that message is lost (Redis
 * away, or a revocation that did not go through `ended`). The instance that handles the logout
 * forgets at once in any case.
 */
export const SESSION_CHECK_TTL_MS = 5_000;
/** Bounds the cache's memory (an entry is a UUID and a boolean, well under 200 bytes). */
const MAX_CACHED_SESSIONS = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an instance tells the others when a session ends on it (logout, 'Sign out everywhere', a disabled account). */
export interface SessionEnded {
  sessionId: string;
}

/**
 * The revocation check the auth plugin runs on every access token: one indexed look-up per session
 * per few seconds, shared by simultaneous requests (lru-cache's fetch runs one look-up per key at
 * a time). The cache's clock is the app's, so tests move it by hand. A session ended here is
 * published on `broadcast`; one ended elsewhere and heard on it is refused here from then on.
 */
export function createSessionRegistry(
  db: Database,
  clock: () => Date,
  broadcast?: Broadcast<SessionEnded>,
  ttlMs: number = SESSION_CHECK_TTL_MS,
): SessionRegistry {
  const cache = new LRUCache<string, boolean>({
    max: MAX_CACHED_SESSIONS,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now: () => clock().getTime() },
    fetchMethod: (sessionId) => isSessionLive(db, sessionId),
  });
  const listeners = new Set<(sessionId: string) => void>();
  broadcast?.subscribe((message) => {
    // Our own messages come back through here too (delivered in-process), and others' only from
    // Redis: either way the session is refused from now on. A look-up in flight for it (which
    // may have read the row before the revocation committed) is overridden by this set.
    if (typeof message.sessionId === 'string' && UUID.test(message.sessionId)) cache.set(message.sessionId, false);
  });
  return {
    isLive: async (sessionId) => {
      if (!UUID.test(sessionId)) return false;
      try {
        return (await cache.fetch(sessionId)) === true;
      } catch (error) {
        // lru-cache aborts a look-up whose entry is set meanwhile: the session ended while it ran.
        if (cache.has(sessionId)) return cache.get(sessionId) === true;
        throw error;
      }
    },
    ended: (sessionId) => {
      cache.set(sessionId, false);
      broadcast?.publish({ sessionId });
      for (const listener of listeners) listener(sessionId);
    },
    onEnded: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
