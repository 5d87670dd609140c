import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { voucherCodeReadyEmail } from '../src/adapters/mail/templates';
import { ConfigError, loadConfig } from '../src/config';
import { productionEnv } from './support/production-env';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const apple = {
  APPLE_PASS_TYPE_ID: 'pass.com.example.vouchers',
  APPLE_TEAM_ID: 'ABCDE12345',
  APPLE_PASS_CERT: '-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----',
  APPLE_PASS_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----',
  APPLE_WWDR_CERT: '-----BEGIN CERTIFICATE-----\\nMIIC\\n-----END CERTIFICATE-----',
};

describe('wallet pass settings', () => {
  it('use the development chain outside production, and none in production without Apple’s certificate', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).walletPasses).toEqual({
      apple: 'development',
      apnsUrl: 'https://api.push.apple.com',
      google: undefined,
    });
    expect(
      loadConfig({ ...productionEnv, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' })
        .walletPasses.apple,
    ).toBeUndefined();
  });

  it('take the pass type certificate whole, its PEMs given on one line with \\n', () => {
    const { walletPasses } = loadConfig({ DATA_DIR: dataDir(), ...apple, APPLE_PASS_KEY_PASSPHRASE: 'secret' });
    expect(walletPasses.apple).toMatchObject({
      passTypeId: 'pass.com.example.vouchers',
      teamId: 'ABCDE12345',
      signerCert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
      signerKeyPassphrase: 'secret',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), APPLE_PASS_TYPE_ID: apple.APPLE_PASS_TYPE_ID })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...apple, APPLE_TEAM_ID: 'short' })).toThrow(/APPLE_TEAM_ID/);
  });

  it("take Google's issuer with the service account's JSON key, or neither", () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const key = JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@example.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      private_key_id: 'abc',
      token_uri: 'https://oauth2.googleapis.com/token',
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: key,
    });
    expect(config.walletPasses.google).toMatchObject({
      issuerId: '3388000000012345678',
      apiUrl: 'https://walletobjects.googleapis.com',
      serviceAccount: { clientEmail: 'wallet@example.iam.gserviceaccount.com', privateKeyId: 'abc' },
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: 'not json' }),
    ).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT_KEY/);
  });
});

describe("'Your code is ready'", () => {
  it('offers the wallets the till page offers, each leading to the till page, never with the code', () => {
    const voucherUrl = 'http://localhost:3000/vouchers/7b0c';
    const both = voucherCodeReadyEmail({
      merchantName: 'Argos',
      value: 2500,
      currency: 'GBP',
      voucherUrl,
      wallets: { apple: true, google: true },
    });
    expect(both.text).toContain(`Add to Apple Wallet: ${voucherUrl}`);
    expect(both.text).toContain(`Save to Google Wallet: ${voucherUrl}`);
    const appleOnly = voucherCodeReadyEmail({
      merchantName: 'Argos',
      value: 2500,
      currency: 'GBP',
      voucherUrl,
      wallets: { apple: true, google: false },
    });
    expect(appleOnly.text).not.toContain('Google Wallet');
  });
});
