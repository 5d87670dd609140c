import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../../lib/errors';

/**
 * A per-IP limit for one route (the plugin's store: memory, or Redis when several instances
 * run). Limits per e-mail address are enforced by the services from the database instead, so
 * they survive restarts and hold across instances without Redis.
 */
export function perIpLimit(max: number, timeWindow: string, message: string): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: { max, timeWindow, errorResponseBuilder: () => new AppError('RATE_LIMITED', message) },
  };
}

const TRY_LATER = 'Please wait a few minutes and try again.';

export const limits = {
  generateCode: (max: number) => perIpLimit(max, '15 minutes', `Too many verification codes requested. ${TRY_LATER}`),
  // Each code survives 5 wrong tries, so a generous login limit still caps guessing across many addresses.
  login: perIpLimit(100, '15 minutes', `Too many sign-in attempts. ${TRY_LATER}`),
  register: (max: number) => perIpLimit(max, '1 hour', `Too many sign-up attempts. ${TRY_LATER}`),
  verify: perIpLimit(30, '15 minutes', `Too many verification attempts. ${TRY_LATER}`),
  refresh: perIpLimit(60, '1 minute', `Too many session refreshes. ${TRY_LATER}`),
  google: perIpLimit(30, '15 minutes', `Too many Google sign-in attempts. ${TRY_LATER}`),
};
