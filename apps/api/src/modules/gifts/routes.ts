import { giftDeliveryEndpoints, giftEndpoints, voucherEndpoints } from '@gvm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { AppError } from '../../lib/errors';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { perIpLimit } from '../../plugins/per-ip-limit';
import { rejectInvalidRequests, requireSignIn } from '../../plugins/route-groups';
import { changeGiftRecipient, rescheduleGift, resendGift, sendGiftNow } from './changes';
import { findGiftByToken } from './landing';
import { giftMailDepsOf } from './scheduler';
import {
  confirmClaim,
  confirmTransfer,
  findPendingGiftsFrom,
  type GiftDeps,
  listReceivedGifts,
  listSentGifts,
  redeemLink,
} from './service';

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
 * Gifts between people: the landing page of a claim link (anyone holding it), and for a signed-in
 * caller the received and sent lists, the sender's changes to an unclaimed gift (day, send now,
 * recipient, resend), confirm-transfer, redeem by sender e-mail (redeem-email, confirm-claim) and
 * by claim link (redeem-link).
 */
export async function giftRoutes(app: App): Promise<void> {
  await app.register(async (anyone: App) => {
    rejectInvalidRequests(anyone);
    anyone.route({
      ...fromContract(giftEndpoints.get),
      handler: (request) => findGiftByToken(anyone.db, request.params.token),
    });
  });
  await app.register(signedInGiftRoutes);
}

async function signedInGiftRoutes(app: App): Promise<void> {
  requireSignIn(app);

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
    ...fromContract(voucherEndpoints.redeemLink),
    // Outside the group below: every attempt counts against the account, a malformed one too, so
    // the per-account limit runs before the request is checked. The group's sign-in runs before
    // the route's per-IP limit, and this preHandler always knows the account.
    attachValidation: true,
    config: perIpLimit(REDEEM_LINK_PER_IP, REDEEM_LINK_WINDOW, redeemLimitMessage),
    preHandler: [limitPerAccount, rejectInvalidRequestHook],
    handler: (request) => redeemLink(app.db, giftDepsOf(app), currentUser(request).id, request.body.link),
  });

  await app.register(async (group: App) => {
    rejectInvalidRequests(group);
    const { db } = group;

    group.route({
      ...fromContract(voucherEndpoints.received),
      handler: async (request) => ({ orders: await listReceivedGifts(db, currentUser(request).id) }),
    });

    group.route({
      ...fromContract(voucherEndpoints.sent),
      handler: async (request) => ({ orders: await listSentGifts(db, currentUser(request).id, group.clock()) }),
    });

    group.route({
      ...fromContract(giftDeliveryEndpoints.reschedule),
      handler: (request) =>
        rescheduleGift(db, giftMailDepsOf(group), currentUser(request).id, request.params.orderId, request.body.sendOn),
    });

    group.route({
      ...fromContract(giftDeliveryEndpoints.sendNow),
      handler: (request) => sendGiftNow(db, giftMailDepsOf(group), currentUser(request).id, request.params.orderId),
    });

    group.route({
      ...fromContract(giftDeliveryEndpoints.changeRecipient),
      handler: (request) =>
        changeGiftRecipient(db, giftMailDepsOf(group), currentUser(request).id, request.params.orderId, request.body),
    });

    group.route({
      ...fromContract(giftDeliveryEndpoints.resend),
      handler: (request) => resendGift(db, giftMailDepsOf(group), currentUser(request).id, request.params.orderId),
    });

    group.route({
      ...fromContract(voucherEndpoints.confirmTransfer),
      handler: (request) => confirmTransfer(db, giftDepsOf(group), currentUser(request).id, request.params.orderId),
    });

    group.route({
      ...fromContract(voucherEndpoints.redeemEmail),
      config: perIpLimit(REDEEM_EMAIL_PER_IP, REDEEM_EMAIL_WINDOW, redeemLimitMessage),
      handler: async (request) => ({
        pendingVouchers: await findPendingGiftsFrom(db, currentUser(request).id, request.body.senderEmail),
      }),
    });

    group.route({
      ...fromContract(voucherEndpoints.confirmClaim),
      handler: (request) =>
        confirmClaim(db, giftDepsOf(group), currentUser(request).id, request.params.orderId, request.body.senderEmail),
    });
  });
}
