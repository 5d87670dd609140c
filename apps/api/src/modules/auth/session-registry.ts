import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import type { SessionRegistry } from '../../plugins/auth';
import { isSessionLive } from './session-service';

/**
 * How long one instance trusts what it learned about a session before asking the database again:
 * the longest an access token keeps working on another instance after its session ended
 * (decision 020). The instance that handles the logout forgets at once.
 */
export const SESSION_CHECK_TTL_MS = 5_000;
/** Bounds the cache's memory (an entry is a UUID and a boolean, well under 200 bytes). */
const MAX_CACHED_SESSIONS = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The revocation check the auth plugin runs on every access token: one indexed look-up per session
 * per few seconds, shared by simultaneous requests (lru-cache's fetch runs one look-up per key at
 * a time). The cache's clock is the app's, so tests move it by hand.
 */
export function createSessionRegistry(
  db: Database,
  clock: () => Date,
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
  return {
    isLive: async (sessionId) => UUID.test(sessionId) && (await cache.fetch(sessionId)) === true,
    ended: (sessionId) => {
      cache.set(sessionId, false);
      for (const listener of listeners) listener(sessionId);
    },
    onEnded: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
