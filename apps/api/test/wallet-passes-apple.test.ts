import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { OpsVoucherPage, Voucher } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../src/db/schema';
import { loggerOptions, redactUrl } from '../src/lib/log-redaction';
import { PassUpdater } from '../src/modules/passes';
import { type CheckoutTestContext, createCheckoutTestApp } from './support/checkout';
import { signedInOperator } from './support/money';
import { opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher } from './support/vouchers';
import { startApnsStandIn, unzip } from './support/wallet-stand-ins';

let ctx: CheckoutTestContext;
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
let dataDir: string;
let holder: TestUser;
const logLines: string[] = [];
/** Every code, serial number and pass token the tests handled: none may reach the log. */
const secrets = new Set<string>();
let stranger: TestUser;

beforeAll(async () => {
  apns = await startApnsStandIn();
  dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-passes-'));
  // The real logger at info, into `logLines`: the last test reads it for the secrets the others saw.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createCheckoutTestApp({
    config: { dataDir, walletPasses: { apple: 'development', apnsUrl: apns.url, google: undefined } },
    logger: { ...loggerOptions({ logLevel: 'info' }), stream },
  });
  holder = await createUserAndToken(ctx.app, { name: 'Ada Holder' });
  stranger = await createUserAndToken(ctx.app, { name: 'Sam Stranger' });
});
afterAll(async () => {
  await ctx.close();
  await apns.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const WEB_SERVICE = '/api/v1/passes/apple/v1';

async function activatedVoucher(value = 25): Promise<{ id: string; code: string }> {
  const id = await buyVoucher(ctx, holder, value);
  expect((await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, holder)).statusCode).toBe(200);
  const till = await sendAs(ctx.app, 'GET', `/orders/${id}/voucher`, holder);
  const code = till.json<Voucher>().code ?? '';
  secrets.add(code);
  return { id, code };
}

async function downloadPass(id: string) {
  const response = await sendAs(ctx.app, 'GET', `/orders/${id}/wallet/apple`, holder);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
  return unzip(response.rawPayload);
}

function passJson(files: Map<string, Buffer>) {
  const pass = JSON.parse(files.get('pass.json')?.toString('utf8') ?? '{}');
  for (const secret of [pass.serialNumber, pass.authenticationToken]) if (secret) secrets.add(secret);
  return pass;
}

/** `openssl smime -verify` of the manifest's detached PKCS#7 signature against the development CA. */
function verifySignature(files: Map<string, Buffer>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pkpass-'));
  try {
    for (const name of ['manifest.json', 'signature']) writeFileSync(path.join(folder, name), files.get(name) ?? '');
    execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        path.join(folder, 'signature'),
        '-content',
        path.join(folder, 'manifest.json'),
        '-CAfile',
        path.join(dataDir, 'wallet-pass-dev', 'wwdr.pem'),
        '-out',
        path.join(folder, 'verified'),
      ],
      { stdio: 'pipe' },
    );
    return 'verified';
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function webService(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) {
  return ctx.app.inject({
    method,
    url: `${WEB_SERVICE}${url}`,
    headers: token ? { authorization: `ApplePass ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

/** Runs the worker's rounds until the stand-in APNs has been told as many times, or gives up. */
async function updateUntilPushed(count: number) {
  const updater = new PassUpdater(ctx.app);
  for (let round = 0; round < 50 && apns.pushes.length < count; round++) {
    await updater.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await updater.stop();
}

describe('the Apple Wallet pass', () => {
  it('is only for the holder of an activated voucher', async () => {
    const id = await buyVoucher(ctx, holder, 20);
    expect((await sendAs(ctx.app, 'GET', `/orders/${id}/wallet/apple`, holder)).statusCode).toBe(409);
    expect((await sendAs(ctx.app, 'GET', `/orders/${id}/wallet`, holder)).statusCode).toBe(409);
    await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, holder);
    expect((await sendAs(ctx.app, 'GET', `/orders/${id}/wallet/apple`, stranger)).statusCode).toBe(404);
    expect((await sendAs(ctx.app, 'GET', `/orders/${id}/wallet/apple`, null)).statusCode).toBe(401);
    const offers = await sendAs(ctx.app, 'GET', `/orders/${id}/wallet`, holder);
    expect(offers.json()).toEqual({ apple: true, google: false });
  });

  it('is a store card signed with the development chain, its manifest hashing every file', async () => {
    const { id, code } = await activatedVoucher(25);
    const files = await downloadPass(id);
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}') as Record<string, string>;
    const listed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(listed);
    for (const [name, hash] of Object.entries(manifest)) {
      expect(
        createHash('sha1')
          .update(files.get(name) ?? '')
          .digest('hex'),
      ).toBe(hash);
    }
    expect(verifySignature(files)).toBe('verified');

    const pass = passJson(files);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.localhost.giftmarketplace',
      teamIdentifier: 'DEVTEAM000',
      organizationName: 'Argos',
      backgroundColor: 'rgb(18, 52, 86)',
      webServiceURL: 'http://localhost:3000/api/v1/passes/apple',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: code, messageEncoding: 'iso-8859-1', altText: code }],
    });
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(pass.serialNumber).toMatch(/^[\w-]{22}$/);
    expect(pass.storeCard.primaryFields).toEqual([{ key: 'balance', label: 'VALUE', value: 25, currencyCode: 'GBP' }]);
    expect(pass.storeCard.secondaryFields).toEqual([{ key: 'code', label: 'CODE', value: code }]);
    expect(pass.storeCard.backFields).toContainEqual({
      key: 'till',
      label: 'Your voucher',
      value: `http://localhost:3000/vouchers/${id}`,
    });
  });

  it('follows its voucher through the web service: registered, voided, pushed, fetched without a barcode', async () => {
    const { id, code } = await activatedVoucher(40);
    const pass = passJson(await downloadPass(id));
    const { serialNumber: serial, authenticationToken: token, passTypeIdentifier: type } = pass;
    const registration = `/devices/device-1/registrations/${type}/${serial}`;

    expect((await webService('POST', registration, 'x'.repeat(43), { pushToken: 'push-1' })).statusCode).toBe(401);
    expect((await webService('POST', registration, token, { pushToken: 'push-1' })).statusCode).toBe(201);
    expect((await webService('POST', registration, token, { pushToken: 'push-1' })).statusCode).toBe(200);
    const listed = await webService('GET', `/devices/device-1/registrations/${type}`, null);
    expect(listed.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = listed.json<{ serialNumbers: string[]; lastUpdated: string }>();
    expect(serialNumbers).toEqual([serial]);
    expect(
      (await webService('GET', `/devices/device-1/registrations/${type}?passesUpdatedSince=${lastUpdated}`, null))
        .statusCode,
    ).toBe(204);
    expect((await webService('GET', `/passes/${type}/${serial}`, 'y'.repeat(43))).statusCode).toBe(401);
    const current = await webService('GET', `/passes/${type}/${serial}`, token);
    const unchanged = await ctx.app.inject({
      method: 'GET',
      url: `${WEB_SERVICE}/passes/${type}/${serial}`,
      headers: { authorization: `ApplePass ${token}`, 'if-modified-since': String(current.headers['last-modified']) },
    });
    expect(unchanged.statusCode).toBe(304);

    const operator = await signedInOperator(ctx, 'finance');
    const voided = await opsCall(ctx.app, 'POST', `/vouchers/${id}/void`, operator.token, { reason: 'Fraud report' });
    expect(voided.statusCode).toBe(200);
    ctx.clock.advance(2000);
    await updateUntilPushed(1);
    expect(apns.pushes).toContainEqual({ path: '/3/device/push-1', topic: type, body: '{}' });

    const changed = await webService(
      'GET',
      `/devices/device-1/registrations/${type}?passesUpdatedSince=${lastUpdated}`,
      null,
    );
    expect(changed.json()).toMatchObject({ serialNumbers: [serial] });
    const latest = await webService('GET', `/passes/${type}/${serial}`, token);
    expect(latest.statusCode).toBe(200);
    const files = await unzip(latest.rawPayload);
    expect(verifySignature(files)).toBe('verified');
    const ended = passJson(files);
    expect(ended.barcodes).toBeUndefined();
    expect(ended.voided).toBe(true);
    expect(ended.storeCard.primaryFields).toEqual([{ key: 'status', label: 'VOUCHER', value: 'No longer valid' }]);
    for (const file of files.values()) expect(file.toString('latin1')).not.toContain(code);

    expect((await webService('DELETE', registration, token)).statusCode).toBe(200);
    expect((await webService('GET', `/devices/device-1/registrations/${type}`, null)).statusCode).toBe(204);
  });

  it('carries the new code once an operator reissued it, and tells a device whose token APNs retired no more', async () => {
    const { id, code } = await activatedVoucher(35);
    const {
      serialNumber: serial,
      authenticationToken: token,
      passTypeIdentifier: type,
    } = passJson(await downloadPass(id));
    const registration = `/devices/device-2/registrations/${type}/${serial}`;
    expect((await webService('POST', registration, token, { pushToken: 'push-retired' })).statusCode).toBe(201);
    apns.retire('push-retired');

    const operator = await signedInOperator(ctx, 'finance');
    const reissued = await opsCall(ctx.app, 'POST', `/vouchers/${id}/reissue`, operator.token, {
      reason: 'Code leaked',
      codeLast4: code.replace(/-/g, '').slice(-4),
    });
    expect(reissued.statusCode).toBe(200);
    const pushed = apns.pushes.length;
    ctx.clock.advance(2000);
    await updateUntilPushed(pushed + 1);
    expect(apns.pushes.at(-1)?.path).toBe('/3/device/push-retired');

    const pass = passJson(await unzip((await webService('GET', `/passes/${type}/${serial}`, token)).rawPayload));
    const newCode = (await sendAs(ctx.app, 'GET', `/orders/${id}/voucher`, holder)).json<Voucher>().code;
    expect(newCode).not.toBe(code);
    expect(pass.barcodes).toEqual([expect.objectContaining({ message: newCode })]);
    // Retired at APNs (410): the device's registration is gone.
    expect((await webService('GET', `/devices/device-2/registrations/${type}`, null)).statusCode).toBe(204);
  });

  it('stops showing the code to a former holder once the voucher is someone else’s', async () => {
    const { id, code } = await activatedVoucher(15);
    const {
      serialNumber: serial,
      authenticationToken: token,
      passTypeIdentifier: type,
    } = passJson(await downloadPass(id));
    // However the voucher changed hands (a correction by the console), the pass is its holder's only.
    await ctx.app.db.update(orders).set({ ownerId: stranger.user.id }).where(eq(orders.id, id));
    ctx.clock.advance(2000);
    const updater = new PassUpdater(ctx.app);
    await updater.runOnce();
    await updater.stop();
    const files = await unzip((await webService('GET', `/passes/${type}/${serial}`, token)).rawPayload);
    expect(passJson(files).barcodes).toBeUndefined();
    for (const file of files.values()) expect(file.toString('latin1')).not.toContain(code);
    expect((await sendAs(ctx.app, 'GET', `/orders/${id}/wallet/apple`, holder)).statusCode).toBe(404);
  });

  it('draws a Code 128 barcode where the merchant’s tills need it', async () => {
    await ctx.app.db.update(products).set({ barcodeFormat: 'code128' }).where(eq(products.code, 'DUNNES-IE'));
    const id = await buyVoucher(ctx, holder, 20, ctx.dunnes);
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, holder)).statusCode).toBe(200);
    const pass = passJson(await downloadPass(id));
    expect(pass.barcodes).toEqual([expect.objectContaining({ format: 'PKBarcodeFormatCode128' })]);
  });

  it("counts each download in the console's timeline, without the code", async () => {
    const { id, code } = await activatedVoucher(30);
    await downloadPass(id);
    const operator = await signedInOperator(ctx, 'support');
    const page = await opsCall(ctx.app, 'GET', `/vouchers/${id}`, operator.token);
    expect(page.statusCode).toBe(200);
    expect(page.json<OpsVoucherPage>().timeline.map((entry) => entry.kind)).toContain('added-to-apple-wallet');
    expect(page.body).not.toContain(code);
  });

  it('keeps every serial number, pass token and code out of the log, a device’s own log included', async () => {
    const [serial = ''] = [...secrets].filter((secret) => /^[\w-]{22}$/.test(secret));
    const logged = await webService('POST', '/log', null, {
      logs: [`Web service error for pass.localhost.giftmarketplace (${serial}): could not parse`],
    });
    expect(logged.statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('wallet pass device log');
    expect(log).toContain('/api/v1/passes/apple/v1/devices/');
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of secrets) expect(log).not.toContain(secret);
    const url = `${WEB_SERVICE}/passes/pass.localhost.giftmarketplace/AbCdEfGhIjKlMnOpQrStUv`;
    expect(redactUrl(url)).not.toContain('AbCdEfGhIjKlMnOpQrStUv');
  });
});
