import { perIpLimit } from '../../plugins/per-ip-limit';

const TRY_LATER = 'Please wait a few minutes and try again.';

/**
 * The per-IP limits of the sign-in routes. Limits per e-mail address are enforced by the
 * services from the database instead, so they survive restarts and hold across instances.
 */
export const limits = {
  generateCode: (max: number) => perIpLimit(max, '15 minutes', `Too many verification codes requested. ${TRY_LATER}`),
  // Each code survives 5 wrong tries, so a generous login limit still caps guessing across many addresses.
  login: (max: number) => perIpLimit(max, '15 minutes', `Too many sign-in attempts. ${TRY_LATER}`),
  register: (max: number) => perIpLimit(max, '1 hour', `Too many sign-up attempts. ${TRY_LATER}`),
  verify: (max: number) => perIpLimit(max, '15 minutes', `Too many verification attempts. ${TRY_LATER}`),
  refresh: perIpLimit(60, '1 minute', `Too many session refreshes. ${TRY_LATER}`),
  google: perIpLimit(30, '15 minutes', `Too many Google sign-in attempts. ${TRY_LATER}`),
};
