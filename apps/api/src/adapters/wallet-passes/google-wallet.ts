import { GOOGLE_WALLET_SAVE_URL, PASS_NO_LONGER_VALID } from '@gvm/contract';
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletIssuer } from '../../config';

/** A voucher as Google Wallet's gift card object: its code as the card number, while it is usable. */
export interface GiftCardContent {
  serial: string;
  merchantName: string;
  productCode: string;
  brandColor: string;
  /** Minor units. */
  value: number;
  currency: string;
  barcodeFormat: 'qr' | 'code128';
  tillUrl: string;
  secret: { code: string | null; pin: string | null } | null;
}

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const REQUEST_TIMEOUT_MS = 10_000;

/** The merchant's gift card class: one per product, named by its code. */
export function giftCardClassId(issuerId: string, productCode: string): string {
  return `${issuerId}.merchant-${productCode.toLowerCase().replace(/[^a-z0-9_-]/g, '-')}`;
}

export function giftCardObjectId(issuerId: string, serial: string): string {
  return `${issuerId}.voucher-${serial}`;
}

function giftCardClass(issuerId: string, content: GiftCardContent) {
  return {
    id: giftCardClassId(issuerId, content.productCode),
    issuerName: content.merchantName,
    merchantName: content.merchantName,
    reviewStatus: 'UNDER_REVIEW',
    hexBackgroundColor: content.brandColor,
  };
}

/** The object: ACTIVE with the code, PIN, balance and barcode; INACTIVE with none of them once it ends. */
export function giftCardObject(issuerId: string, content: GiftCardContent) {
  const common = {
    id: giftCardObjectId(issuerId, content.serial),
    classId: giftCardClassId(issuerId, content.productCode),
    linksModuleData: { uris: [{ uri: content.tillUrl, description: 'Your voucher', id: 'till' }] },
    hexBackgroundColor: content.brandColor,
  };
  const { secret } = content;
  if (!secret?.code) {
    return { ...common, state: 'INACTIVE', cardNumber: PASS_NO_LONGER_VALID };
  }
  return {
    ...common,
    state: 'ACTIVE',
    cardNumber: secret.code,
    ...(secret.pin ? { pin: secret.pin } : {}),
    balance: { micros: String(content.value * 10_000), currencyCode: content.currency },
    barcode: {
      type: content.barcodeFormat === 'code128' ? 'CODE_128' : 'QR_CODE',
      value: secret.code,
      alternateText: secret.code,
    },
  };
}

async function signingKey(issuer: GoogleWalletIssuer) {
  return importPKCS8(issuer.serviceAccount.privateKey, 'RS256');
}

/**
 * The 'Save to Google Wallet' link Google documents: `https://pay.google.com/gp/v/save/<jwt>`, the
 * JWT signed RS256 with the service account's key, holding the merchant's class and the voucher's
 * object. Saved, the object is Google's to show; later changes go through the REST API.
 */
export async function googleSaveUrl(issuer: GoogleWalletIssuer, content: GiftCardContent, origin: string, now: Date) {
  const jwt = await new SignJWT({
    origins: [origin],
    typ: 'savetowallet',
    payload: {
      giftCardClasses: [giftCardClass(issuer.issuerId, content)],
      giftCardObjects: [giftCardObject(issuer.issuerId, content)],
    },
  })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      ...(issuer.serviceAccount.privateKeyId ? { kid: issuer.serviceAccount.privateKeyId } : {}),
    })
    .setIssuer(issuer.serviceAccount.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(await signingKey(issuer));
  return `${GOOGLE_WALLET_SAVE_URL}${jwt}`;
}

/** What writing an object again came to: done, none saved (nothing to update), or try later. */
export type GoogleUpdateOutcome = 'updated' | 'absent' | 'retry';

/** The Google Wallet REST API, as far as passes need it: an object written again. */
export interface GoogleWalletClient {
  updateObject(content: GiftCardContent): Promise<GoogleUpdateOutcome>;
}

/**
 * OAuth2 for a service account (the JWT bearer grant to the key's `token_uri`, the token kept until
 * a minute before it expires), then `PUT {GOOGLE_WALLET_API_URL}/walletobjects/v1/giftCardObject/{id}`
 * with the whole object: a PUT, not a PATCH, so that an ended voucher's code, PIN and barcode are
 * gone from it, not left behind. 404: the holder never saved it.
 */
export function createGoogleWalletClient(issuer: GoogleWalletIssuer, clock: () => Date): GoogleWalletClient {
  let token: { value: string; until: number } | undefined;
  const accessToken = async () => {
    const now = clock().getTime();
    if (token && token.until > now) return token.value;
    const { serviceAccount } = issuer;
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(serviceAccount.privateKeyId ? { kid: serviceAccount.privateKeyId } : {}),
      })
      .setIssuer(serviceAccount.clientEmail)
      .setAudience(serviceAccount.tokenUri)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + 3600)
      .sign(await signingKey(issuer));
    const response = await fetch(serviceAccount.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Google's token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error("Google's token endpoint gave no access_token");
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    token = { value: body.access_token, until: now + (lifetime - 60) * 1000 };
    return token.value;
  };
  return {
    async updateObject(content) {
      try {
        const object = giftCardObject(issuer.issuerId, content);
        const response = await fetch(
          `${issuer.apiUrl}/walletobjects/v1/giftCardObject/${encodeURIComponent(object.id)}`,
          {
            method: 'PUT',
            headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
            body: JSON.stringify(object),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          },
        );
        await response.arrayBuffer();
        if (response.ok) return 'updated';
        if (response.status === 404) return 'absent';
        if (response.status === 401) token = undefined;
        return 'retry';
      } catch {
        return 'retry';
      }
    },
  };
}
