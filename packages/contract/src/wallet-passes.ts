import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';
import { secretInUrl } from './url-secrets';
import { orderIdParamsSchema } from './vouchers';

/**
 * The voucher in the phone's wallet (docs/product/vouchers-and-gifts.md#wallet-passes, decision
 * 071): an Apple Wallet pass (`.pkpass`) and a Google Wallet gift card, for the holder of an
 * activated voucher only, and the PassKit web service through which Apple's devices fetch the
 * pass again when the voucher changes. A pass carries the code: only its holder gets it.
 */

/** The media type of an Apple Wallet pass. */
export const PKPASS_MEDIA_TYPE = 'application/vnd.apple.pkpass';
/** What a pass shows once its voucher is refunded, voided, exchanged or converted, or no longer the holder's. */
export const PASS_NO_LONGER_VALID = 'No longer valid';
export const APPLE_WALLET_LABEL = 'Add to Apple Wallet';
export const GOOGLE_WALLET_LABEL = 'Save to Google Wallet';
/** The save link Google documents: the signed JWT is its last segment. */
export const GOOGLE_WALLET_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** Which wallets the till page offers for this voucher: Apple always, Google when it is configured. */
export const walletPassOffersSchema = z.object({ apple: z.boolean(), google: z.boolean() });
export type WalletPassOffers = z.infer<typeof walletPassOffersSchema>;

/** The 'Save to Google Wallet' link: a JWT signed by the issuer's service account, holding the gift card. */
export const googleWalletLinkSchema = z.object({ saveUrl: z.string() });
export type GoogleWalletLink = z.infer<typeof googleWalletLinkSchema>;

const pkpassSchema = z.string().meta({
  description: 'An Apple Wallet pass (application/vnd.apple.pkpass): a signed zip archive',
  contentMediaType: PKPASS_MEDIA_TYPE,
});

/** The holder's own: the voucher's id, and the holder's token. */
export const walletPassEndpoints = {
  offers: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/wallet',
    summary: 'Which wallets the activated voucher can be added to (holder only)',
    params: orderIdParamsSchema,
    responses: { 200: walletPassOffersSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  apple: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/wallet/apple',
    summary: 'The activated voucher as an Apple Wallet store card (holder only; counted)',
    params: orderIdParamsSchema,
    responses: { 200: pkpassSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  google: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/wallet/google',
    summary: "The activated voucher's 'Save to Google Wallet' link (holder only; counted; 404 when not configured)",
    params: orderIdParamsSchema,
    responses: { 200: googleWalletLinkSchema, ...errorResponses(400, 401, 404, 409) },
  }),
};

/**
 * Apple's PassKit web service, at the pass's `webServiceURL` (`${PUBLIC_URL}/api/v1/passes/apple`)
 * with the paths Apple documents. Each asks `Authorization: ApplePass <authenticationToken>` but
 * the device list. The serial number opens a pass with its token: it is kept out of the log.
 */
export const WALLET_WEB_SERVICE_PATH = '/passes/apple';
const passParts = {
  passTypeId: text().trim().min(1).max(200),
  serial: secretInUrl(text().trim().min(1).max(64), 'a wallet pass'),
};
const deviceId = secretInUrl(text().trim().min(1).max(200), "a phone's wallet");
export const passRegistrationParamsSchema = z.object({ deviceId, ...passParts });
export const passRegistrationBodySchema = z.object({ pushToken: text().trim().min(1).max(400) });
export const deviceRegistrationsParamsSchema = z.object({ deviceId, passTypeId: passParts.passTypeId });
export const deviceRegistrationsQuerySchema = z.object({ passesUpdatedSince: text().trim().max(40).optional() });
export const deviceRegistrationsSchema = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
export const latestPassParamsSchema = z.object(passParts);
export const passLogBodySchema = z.object({ logs: z.array(text().max(2000)).max(100) });
const empty = z.null().meta({ description: 'No body' });

export const walletWebServiceEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: `${WALLET_WEB_SERVICE_PATH}/v1/devices/:deviceId/registrations/:passTypeId/:serial`,
    summary: 'A device asks for updates of a pass (201; 200 when already registered)',
    params: passRegistrationParamsSchema,
    body: passRegistrationBodySchema,
    responses: { 200: empty, 201: empty, ...errorResponses(400, 401) },
  }),
  unregister: defineEndpoint({
    method: 'DELETE',
    path: `${WALLET_WEB_SERVICE_PATH}/v1/devices/:deviceId/registrations/:passTypeId/:serial`,
    summary: 'A device no longer wants updates of a pass',
    params: passRegistrationParamsSchema,
    responses: { 200: empty, ...errorResponses(400, 401) },
  }),
  registrations: defineEndpoint({
    method: 'GET',
    path: `${WALLET_WEB_SERVICE_PATH}/v1/devices/:deviceId/registrations/:passTypeId`,
    summary: "The device's passes updated since the tag (all of them without one); 204 when none",
    params: deviceRegistrationsParamsSchema,
    query: deviceRegistrationsQuerySchema,
    responses: { 200: deviceRegistrationsSchema, 204: empty, ...errorResponses(400) },
  }),
  latest: defineEndpoint({
    method: 'GET',
    path: `${WALLET_WEB_SERVICE_PATH}/v1/passes/:passTypeId/:serial`,
    summary: 'The latest version of a pass (304 when unchanged since If-Modified-Since)',
    params: latestPassParamsSchema,
    responses: { 200: pkpassSchema, 304: empty, ...errorResponses(400, 401) },
  }),
  log: defineEndpoint({
    method: 'POST',
    path: `${WALLET_WEB_SERVICE_PATH}/v1/log`,
    summary: "A device's messages about errors with the web service",
    body: passLogBodySchema,
    responses: { 200: empty, ...errorResponses(400) },
  }),
};
