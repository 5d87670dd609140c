import { giftDeliveryEndpoints, voucherEndpoints } from '@gvm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { AppError } from '../../lib/errors';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { perIpLimit } from '../../plugins/per-ip-limit';
import { changeGiftRecipient, rescheduleGift, resendGift, sendGiftNow } from './gift-changes';
import { giftMailDepsOf } from './gift-scheduler';
import {
  confirmClaim,
  confirmTransfer,
  findPendingGiftsFrom,
  type GiftDeps,
  listReceivedGifts,
  listSentGifts,
  redeemLink,
} from './gift-service';

/** Link-guessing defence: claim-link attempts per account and per IP address. */
export const REDEEM_LINK_PER_ACCOUNT = 10;
export const REDEEM_LINK_PER_IP = 30;
export const REDEEM_LINK_WINDOW = '15 minutes';
/** Sender look-ups per IP address. */
export const REDEEM_EMAIL_PER_IP = 30;
export const REDEEM_EMAIL_WINDOW = '15 minutes';
export const redeemLimitMessage = (after: string) =>
  `Too many redeem attempts. Please wait ${after} before trying again.`;

const giftDepsOf = (app: App): GiftDeps => ({ clock: app.clock, publicUrl: app.appConfig.publicUrl });

/**
 * Gifts between people: received and sent lists, confirm-transfer, redeem by sender e-mail
 * (redeem-email, confirm-claim) and by claim link (redeem-link). All need a signed-in caller.
 */
export async function giftRoutes(app: App): Promise<void> {
  // A second limiter on one route: `createRateLimit` only counts, so it does not collide with the
  // per-IP limit of the route's config (each plugin hook runs once per request).
  const perAccount = app.createRateLimit({
    max: REDEEM_LINK_PER_ACCOUNT,
    timeWindow: REDEEM_LINK_WINDOW,
    keyGenerator: (request: FastifyRequest) => `redeem-link:${currentUser(request).id}`,
  });
  const limitPerAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome = await perAccount(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    const seconds = outcome.ttlInSeconds;
    reply.header('retry-after', seconds);
    const after = seconds >= 60 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
    throw new AppError('RATE_LIMITED', redeemLimitMessage(after));
  };

  app.route({
    ...fromContract(voucherEndpoints.received),
    onRequest: app.authenticate,
    handler: async (request) => ({ orders: await listReceivedGifts(app.db, currentUser(request).id) }),
  });

  app.route({
    ...fromContract(voucherEndpoints.sent),
    onRequest: app.authenticate,
    handler: async (request) => ({ orders: await listSentGifts(app.db, currentUser(request).id, app.clock()) }),
  });

  // The sender's changes to an unclaimed gift (decision 025): day, send now, recipient, resend.
  app.route({
    ...fromContract(giftDeliveryEndpoints.reschedule),
    onRequest: app.authenticate,
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: (request) =>
      rescheduleGift(app.db, giftMailDepsOf(app), currentUser(request).id, request.params.orderId, request.body.sendOn),
  });

  app.route({
    ...fromContract(giftDeliveryEndpoints.sendNow),
    onRequest: app.authenticate,
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: (request) => sendGiftNow(app.db, giftMailDepsOf(app), currentUser(request).id, request.params.orderId),
  });

  app.route({
    ...fromContract(giftDeliveryEndpoints.changeRecipient),
    onRequest: app.authenticate,
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: (request) =>
      changeGiftRecipient(app.db, giftMailDepsOf(app), currentUser(request).id, request.params.orderId, request.body),
  });

  app.route({
    ...fromContract(giftDeliveryEndpoints.resend),
    onRequest: app.authenticate,
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: (request) => resendGift(app.db, giftMailDepsOf(app), currentUser(request).id, request.params.orderId),
  });

  app.route({
    ...fromContract(voucherEndpoints.confirmTransfer),
    onRequest: app.authenticate,
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: (request) => confirmTransfer(app.db, giftDepsOf(app), currentUser(request).id, request.params.orderId),
  });

  app.route({
    ...fromContract(voucherEndpoints.redeemEmail),
    onRequest: app.authenticate,
    attachValidation: true,
    config: perIpLimit(REDEEM_EMAIL_PER_IP, REDEEM_EMAIL_WINDOW, redeemLimitMessage),
    preHandler: rejectInvalidRequestHook,
    handler: async (request) => ({
      pendingVouchers: await findPendingGiftsFrom(app.db, currentUser(request).id, request.body.senderEmail),
    }),
  });

  app.route({
    ...fromContract(voucherEndpoints.confirmClaim),
    onRequest: app.authenticate,
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: (request) =>
      confirmClaim(app.db, giftDepsOf(app), currentUser(request).id, request.params.orderId, request.body.senderEmail),
  });

  app.route({
    ...fromContract(voucherEndpoints.redeemLink),
    // Authentication first (the route's onRequest runs before the per-IP limit's hook); the
    // per-account limit is a preHandler, so it always knows the account.
    onRequest: app.authenticate,
    attachValidation: true,
    config: perIpLimit(REDEEM_LINK_PER_IP, REDEEM_LINK_WINDOW, redeemLimitMessage),
    preHandler: [limitPerAccount, rejectInvalidRequestHook],
    handler: (request) => redeemLink(app.db, giftDepsOf(app), currentUser(request).id, request.body.link),
  });
}
