import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../lib/errors';

/**
 * A per-IP limit for one route, through @fastify/rate-limit (registered once in app.ts with its
 * store: memory, or Redis when several instances run). Spread into a route's options:
 * `config: perIpLimit(5, '10 minutes', 'Too many requests…')`. Limits per account or per e-mail
 * address are kept by the services in the database instead, so they survive restarts.
 */
export function perIpLimit(
  max: number,
  timeWindow: string,
  message: string | ((retryAfter: string) => string),
): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow,
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', typeof message === 'string' ? message : message(context.after)),
    },
  };
}
