import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_BASE_PATH,
  ORDER_NOT_FOUND_MESSAGE,
  PKPASS_MEDIA_TYPE,
  WALLET_WEB_SERVICE_PATH,
  type WalletPassOffers,
} from '@gvm/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  buildPkpass,
  developmentSigning,
  type GiftCardContent,
  googleSaveUrl,
  type PassContent,
} from '../../adapters/wallet-passes';
import type { App } from '../../app-types';
import type { AppleWalletSigning } from '../../config';
import type { Executor } from '../../db/client';
import { type WalletPassRow, type WalletPlatform, walletPassDownloads, walletPasses } from '../../db/schema/passes';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { passFactsOf } from '../catalog';
import { findVouchersByIds, passFingerprintOf, passSecretOf, redemptionUrlOf, type VoucherRow } from '../vouchers';

/**
 * Wallet passes (decision 071): a voucher's Apple Wallet pass and Google Wallet gift card, for its
 * holder only, built afresh from the voucher each time they are asked for, so a pass shows the
 * code only while the voucher is usable and still that holder's.
 */

export const NOT_ACTIVATED_FOR_PASS_MESSAGE = 'Activate this voucher to add it to your wallet';
export const PASS_UNAVAILABLE_MESSAGE = 'This voucher can no longer be added to a wallet';

/** Answers a `.pkpass` (a zip, sent as it is: no serializer touches a Buffer). */
export function sendPkpass(reply: FastifyReply, pkpass: Buffer, download: boolean): FastifyReply {
  reply.type(PKPASS_MEDIA_TYPE).header('cache-control', 'no-store');
  if (download) reply.header('content-disposition', 'attachment; filename="voucher.pkpass"');
  return reply.send(pkpass);
}

/** The pass type certificate, the development chain (generated once into DATA_DIR), or none. */
export function appleSigningOf(app: App): AppleWalletSigning | undefined {
  const { apple } = app.appConfig.walletPasses;
  return apple === 'development' ? developmentSigning(app.appConfig.dataDir) : apple;
}

/**
 * A pass's `authenticationToken`: derived from its serial with the app's secret, so none is stored
 * and a copy of the database opens no pass. 43 characters (Apple asks at least 16).
 */
export function authenticationTokenOf(secret: string, serial: string): string {
  return createHmac('sha256', secret).update(`wallet-pass:${serial}`).digest('base64url');
}

/** `Authorization: ApplePass <token>` is this pass's token (compared in constant time). */
export function holdsPassToken(secret: string, serial: string, authorization: string | undefined): boolean {
  const given = /^ApplePass (\S+)$/.exec(authorization ?? '')?.[1];
  if (!given) return false;
  const expected = Buffer.from(authenticationTokenOf(secret, serial));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function webServiceUrlOf(publicUrl: string): string {
  return `${publicUrl}${API_BASE_PATH}${WALLET_WEB_SERVICE_PATH}`;
}

/** The voucher, if `holderId` holds it, activated and usable: else 404 (not theirs) or 409. */
async function heldVoucher(db: Executor, holderId: string, voucherId: string, key: string): Promise<VoucherRow> {
  if (!isUuid(voucherId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const voucher = (await findVouchersByIds(db, [voucherId])).get(voucherId);
  if (!voucher || voucher.ownerId !== holderId) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  if (voucher.activatedAt === null && voucher.status === 'active') throw conflict(NOT_ACTIVATED_FOR_PASS_MESSAGE);
  if (!passSecretOf(voucher, holderId, key)?.code) throw conflict(PASS_UNAVAILABLE_MESSAGE);
  return voucher;
}

/** Which wallets the till offers: Apple where it is signed, Google where it is configured. */
export async function walletOffers(app: App, holderId: string, voucherId: string): Promise<WalletPassOffers> {
  await heldVoucher(app.db, holderId, voucherId, app.appConfig.voucherEncryptionKey);
  const { apple, google } = app.appConfig.walletPasses;
  return { apple: apple !== undefined, google: google !== undefined };
}

/**
 * The holder's pass of the voucher, made on first download (its serial 128 random bits, so no URL
 * of the web service can be guessed), and the download counted, in one transaction.
 */
async function takePass(
  app: App,
  holderId: string,
  voucherId: string,
  platform: WalletPlatform,
): Promise<{ pass: WalletPassRow; voucher: VoucherRow }> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const voucher = await heldVoucher(tx, holderId, voucherId, app.appConfig.voucherEncryptionKey);
    const fingerprint = passFingerprintOf(voucher);
    await tx
      .insert(walletPasses)
      .values({ serial: randomBytes(16).toString('base64url'), voucherId, holderId, fingerprint, updatedAt: now })
      .onConflictDoNothing();
    // A pass ended while the voucher was away (a refund that failed and was undone) shows it again.
    const [pass] = await tx
      .update(walletPasses)
      .set({
        fingerprint,
        endedAt: null,
        updatedAt: sql`case when ${walletPasses.fingerprint} = ${fingerprint} then ${walletPasses.updatedAt} else ${now} end`,
        ...(platform === 'google' ? { googleLinkedAt: sql`coalesce(${walletPasses.googleLinkedAt}, ${now})` } : {}),
      })
      .where(and(eq(walletPasses.voucherId, voucherId), eq(walletPasses.holderId, holderId)))
      .returning();
    if (!pass) throw new Error('the wallet pass was not written');
    await tx.insert(walletPassDownloads).values({ serial: pass.serial, voucherId, platform, at: now });
    return { pass, voucher };
  });
}

/** Everything a pass shows, from the voucher as it is now; no code once it is not the holder's to use. */
export async function passContentOf(
  app: App,
  pass: WalletPassRow,
  voucher: VoucherRow | undefined,
): Promise<PassContent> {
  const { publicUrl, jwtSecret, voucherEncryptionKey } = app.appConfig;
  const facts = await passFactsOf(app.db, voucher?.productCode ?? '');
  const secret = voucher && !pass.endedAt ? passSecretOf(voucher, pass.holderId, voucherEncryptionKey) : null;
  return {
    serial: pass.serial,
    authenticationToken: authenticationTokenOf(jwtSecret, pass.serial),
    webServiceUrl: webServiceUrlOf(publicUrl),
    merchantName: voucher?.merchantName ?? 'Gift voucher',
    brandColor: facts.brandColor,
    value: voucher?.value ?? 0,
    currency: voucher?.currency ?? 'GBP',
    barcodeFormat: facts.barcodeFormat,
    tillUrl: `${publicUrl}${redemptionUrlOf(pass.voucherId)}`,
    termsAndConditions: facts.termsAndConditions,
    secret: secret?.code ? secret : null,
  };
}

export function giftCardOf(content: PassContent, voucher: VoucherRow | undefined): GiftCardContent {
  return { ...content, productCode: voucher?.productCode ?? 'voucher' };
}

/** GET /orders/:id/wallet/apple: the holder's `.pkpass`; 404 where Apple Wallet is not configured. */
export async function applePassForHolder(app: App, holderId: string, voucherId: string): Promise<Buffer> {
  const signing = appleSigningOf(app);
  if (!signing) throw notFound('Apple Wallet passes are not available');
  const { pass, voucher } = await takePass(app, holderId, voucherId, 'apple');
  return buildPkpass(signing, await passContentOf(app, pass, voucher));
}

/** GET /orders/:id/wallet/google: the holder's 'Save to Google Wallet' link; 404 where not configured. */
export async function googleLinkForHolder(app: App, holderId: string, voucherId: string): Promise<string> {
  const issuer = app.appConfig.walletPasses.google;
  if (!issuer) throw notFound('Google Wallet passes are not available');
  const { pass, voucher } = await takePass(app, holderId, voucherId, 'google');
  const content = giftCardOf(await passContentOf(app, pass, voucher), voucher);
  return googleSaveUrl(issuer, content, new URL(app.appConfig.publicUrl).origin, app.clock());
}

/** A pass by serial with its voucher; undefined for an unknown serial. */
export async function findPass(
  db: Executor,
  serial: string,
): Promise<{ pass: WalletPassRow; voucher: VoucherRow | undefined } | undefined> {
  const [pass] = await db.select().from(walletPasses).where(eq(walletPasses.serial, serial)).limit(1);
  if (!pass) return undefined;
  return { pass, voucher: (await findVouchersByIds(db, [pass.voucherId])).get(pass.voucherId) };
}

/** Passes not yet ended, a page at a time by serial: the update sweep's round. */
export function livePasses(db: Executor, after: string, limit: number): Promise<WalletPassRow[]> {
  return db
    .select()
    .from(walletPasses)
    .where(and(isNull(walletPasses.endedAt), gt(walletPasses.serial, after)))
    .orderBy(walletPasses.serial)
    .limit(limit);
}
