import { generateKeyPairSync } from 'node:crypto';
import type { Voucher } from '@gvm/contract';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassUpdater } from '../src/modules/passes';
import { type CheckoutTestContext, createCheckoutTestApp } from './support/checkout';
import { signedInOperator } from './support/money';
import { opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher } from './support/vouchers';
import { startGoogleWalletStandIn } from './support/wallet-stand-ins';

const ISSUER_ID = '3388000000022222222';
const CLIENT_EMAIL = 'wallet@gift-marketplace.iam.gserviceaccount.com';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

let ctx: CheckoutTestContext;
let google: Awaited<ReturnType<typeof startGoogleWalletStandIn>>;
let holder: TestUser;

beforeAll(async () => {
  google = await startGoogleWalletStandIn();
  ctx = await createCheckoutTestApp({
    config: {
      walletPasses: {
        apple: undefined,
        apnsUrl: 'http://127.0.0.1:9',
        google: {
          issuerId: ISSUER_ID,
          apiUrl: google.url,
          serviceAccount: {
            clientEmail: CLIENT_EMAIL,
            privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
            privateKeyId: 'key-1',
            tokenUri: `${google.url}/token`,
          },
        },
      },
    },
  });
  holder = await createUserAndToken(ctx.app, { name: 'Gil Holder' });
});
afterAll(async () => {
  await ctx.close();
  await google.close();
});

async function activatedVoucher(product = ctx.argos, value = 25): Promise<{ id: string; till: Voucher }> {
  const id = await buyVoucher(ctx, holder, value, product);
  expect((await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, holder)).statusCode).toBe(200);
  return { id, till: (await sendAs(ctx.app, 'GET', `/orders/${id}/voucher`, holder)).json<Voucher>() };
}

async function saveLinkJwt(id: string) {
  const response = await sendAs(ctx.app, 'GET', `/orders/${id}/wallet/google`, holder);
  expect(response.statusCode).toBe(200);
  const { saveUrl } = response.json<{ saveUrl: string }>();
  expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
  const jwt = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
  const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(publicPem, 'RS256'), {
    issuer: CLIENT_EMAIL,
    audience: 'google',
  });
  expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'key-1' });
  return payload as Record<string, unknown> & {
    payload: { giftCardClasses: Record<string, unknown>[]; giftCardObjects: Record<string, unknown>[] };
  };
}

describe('the Google Wallet gift card', () => {
  it("is a save link whose JWT, signed by the issuer's service account, holds the class and the voucher's object", async () => {
    const { id, till } = await activatedVoucher(ctx.tesco, 25);
    expect((await sendAs(ctx.app, 'GET', `/orders/${id}/wallet`, holder)).json()).toEqual({
      apple: false,
      google: true,
    });
    expect((await sendAs(ctx.app, 'GET', `/orders/${id}/wallet/apple`, holder)).statusCode).toBe(404);
    const jwt = await saveLinkJwt(id);
    expect(jwt).toMatchObject({ typ: 'savetowallet', origins: ['http://localhost:3000'] });
    const [giftCardClass] = jwt.payload.giftCardClasses;
    const [object] = jwt.payload.giftCardObjects;
    expect(giftCardClass).toMatchObject({ id: `${ISSUER_ID}.merchant-tesco-gb`, merchantName: 'Tesco' });
    expect(object).toMatchObject({
      classId: `${ISSUER_ID}.merchant-tesco-gb`,
      state: 'ACTIVE',
      cardNumber: till.code,
      pin: till.pin,
      balance: { micros: '25000000', currencyCode: 'GBP' },
      barcode: { type: 'QR_CODE', value: till.code, alternateText: till.code },
      linksModuleData: {
        uris: [{ uri: `http://localhost:3000/vouchers/${id}`, description: 'Your voucher', id: 'till' }],
      },
    });
    expect(String(object?.id)).toMatch(new RegExp(`^${ISSUER_ID}\\.voucher-[\\w-]{22}$`));
  });

  it('is written again through the REST API when the voucher is voided: inactive, without its code', async () => {
    const { id, till } = await activatedVoucher();
    const objectId = String((await saveLinkJwt(id)).payload.giftCardObjects[0]?.id);
    const operator = await signedInOperator(ctx, 'finance');
    expect(
      (await opsCall(ctx.app, 'POST', `/vouchers/${id}/void`, operator.token, { reason: 'Chargeback' })).statusCode,
    ).toBe(200);

    const updater = new PassUpdater(ctx.app);
    const put = () =>
      google.calls.find((call) => call.method === 'PUT' && call.path.includes(encodeURIComponent(objectId)));
    for (let round = 0; round < 50 && !put(); round++) {
      await updater.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await updater.stop();

    const token = google.calls.find((call) => call.method === 'POST' && call.path === '/token');
    const assertion = decodeJwt(new URLSearchParams(token?.body).get('assertion') ?? '');
    expect(assertion).toMatchObject({
      iss: CLIENT_EMAIL,
      aud: `${google.url}/token`,
      scope: 'https://www.googleapis.com/auth/wallet_object.issuer',
    });
    const update = put();
    expect(update?.path).toBe(`/walletobjects/v1/giftCardObject/${encodeURIComponent(objectId)}`);
    expect(update?.authorization).toBe('Bearer stand-in-access-token');
    const object = JSON.parse(update?.body ?? '{}');
    expect(object).toMatchObject({ id: objectId, state: 'INACTIVE', cardNumber: 'No longer valid' });
    expect(object.barcode).toBeUndefined();
    expect(update?.body).not.toContain(till.code);
  });
});
