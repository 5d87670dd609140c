import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, ConfigError, loadConfig, testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { isLoopbackHost, servesDevMailbox } from '../src/modules/dev-mailbox/gate';
import { createTestDatabase } from './helpers';
import { productionEnv } from './support/production-env';

/**
 * Decision 027: the dev mailbox shows everyone's sign-in codes, so a server that sends real
 * e-mail, listens beyond this machine or runs in production must not have it (decision 027).
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const mailboxUrls = ['/dev/mailbox', '/dev/mailbox/messages', '/dev/mailbox/messages?to=victim%40example.com'];

/** The status of each dev mailbox URL on an app built with these settings. */
async function statusesWith(overrides: Partial<Config>): Promise<number[]> {
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  try {
    const statuses: number[] = [];
    for (const url of mailboxUrls) statuses.push((await app.inject({ method: 'GET', url })).statusCode);
    return statuses;
  } finally {
    await app.close();
  }
}

describe('where the dev mailbox is served', () => {
  it('on loopback with no SMTP_URL (the dev mailbox is the transport): 200', async () => {
    expect(await statusesWith({ host: '127.0.0.1' })).toEqual([200, 200, 200]);
    expect(await statusesWith({ host: 'localhost' })).toEqual([200, 200, 200]);
    expect(await statusesWith({ host: '::1' })).toEqual([200, 200, 200]);
  });

  it('with SMTP_URL set, even on loopback: 404', async () => {
    expect(await statusesWith({ smtpUrl: 'smtp://127.0.0.1:2525', host: '127.0.0.1' })).toEqual([404, 404, 404]);
  });

  it('on a host other machines can reach, without DEV_MAILBOX: 404', async () => {
    expect(await statusesWith({ host: '0.0.0.0' })).toEqual([404, 404, 404]);
    expect(await statusesWith({ host: '::' })).toEqual([404, 404, 404]);
    expect(await statusesWith({ host: '192.168.1.20' })).toEqual([404, 404, 404]);
  });

  it('behind a proxy (TRUST_PROXY_HOPS > 0), even on loopback: 404', async () => {
    expect(await statusesWith({ host: '127.0.0.1', trustProxyHops: 1 })).toEqual([404, 404, 404]);
  });

  it('with DEV_MAILBOX=1 on a reachable host, only to this machine: 404 to another or through a proxy', async () => {
    // npm start listens on 0.0.0.0 with DEV_MAILBOX=1: a neighbour on the same network must not
    // read the sign-in codes (decision 027).
    const app = await buildApp({ config: testConfig({ host: '0.0.0.0', devMailbox: true }), database, logger: false });
    try {
      const statuses = async (request: { remoteAddress: string; headers?: Record<string, string> }) => {
        const found: number[] = [];
        for (const url of mailboxUrls) found.push((await app.inject({ method: 'GET', url, ...request })).statusCode);
        return found;
      };
      expect(await statuses({ remoteAddress: '127.0.0.1' })).toEqual([200, 200, 200]);
      expect(await statuses({ remoteAddress: '::1' })).toEqual([200, 200, 200]);
      expect(await statuses({ remoteAddress: '::ffff:127.0.0.1' })).toEqual([200, 200, 200]);
      expect(await statuses({ remoteAddress: '192.168.1.7' })).toEqual([404, 404, 404]);
      expect(await statuses({ remoteAddress: '10.0.0.3' })).toEqual([404, 404, 404]);
      const proxied = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '192.168.1.7' } };
      expect(await statuses(proxied)).toEqual([404, 404, 404]);
      const forwarded = { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=192.168.1.7' } };
      expect(await statuses(forwarded)).toEqual([404, 404, 404]);
      const other = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '192.168.1.7' });
      expect(other.json()).toEqual({ error: 'Not found' });
    } finally {
      await app.close();
    }
  });

  it('only under a loopback name: another site rebinding its name to 127.0.0.1 gets 404', async () => {
    // DNS rebinding: a page of evil.example, its name made to resolve to 127.0.0.1, asks the
    // mailbox from the user's own browser; the request comes from this machine but names evil.example.
    const app = await buildApp({ config: testConfig({ host: '0.0.0.0', devMailbox: true }), database, logger: false });
    try {
      const statuses = async (host: string) => {
        const found: number[] = [];
        for (const url of mailboxUrls) {
          found.push(
            (await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { host } })).statusCode,
          );
        }
        return found;
      };
      for (const host of [
        'localhost',
        'localhost:3000',
        'LOCALHOST:3000',
        '127.0.0.1',
        '127.0.0.1:3000',
        '[::1]:3000',
      ]) {
        expect(await statuses(host), host).toEqual([200, 200, 200]);
      }
      for (const host of [
        'evil.example',
        'evil.example:3000',
        'localhost.evil.example:3000',
        '127.0.0.1.evil.example',
        'localhost:3000@evil.example',
        '[::2]:3000',
      ]) {
        expect(await statuses(host), host).toEqual([404, 404, 404]);
      }
      const rebound = await app.inject({
        method: 'GET',
        url: '/dev/mailbox/messages',
        remoteAddress: '127.0.0.1',
        headers: { host: 'evil.example:3000' },
      });
      expect(rebound.json()).toEqual({ error: 'Not found' });
    } finally {
      await app.close();
    }
  });

  it('on any host with DEV_MAILBOX=1: 200; with DEV_MAILBOX=0 nowhere', async () => {
    expect(await statusesWith({ host: '0.0.0.0', devMailbox: true })).toEqual([200, 200, 200]);
    expect(await statusesWith({ host: '127.0.0.1', devMailbox: false })).toEqual([404, 404, 404]);
  });

  it('never in production, whatever DEV_MAILBOX says', async () => {
    expect(await statusesWith({ env: 'production', host: '127.0.0.1' })).toEqual([404, 404, 404]);
    expect(await statusesWith({ env: 'production', devMailbox: true })).toEqual([404, 404, 404]);
  });

  it('answers 404 itself where the web app would otherwise answer its index.html', async () => {
    const webDistDir = mkdtempSync(path.join(tmpdir(), 'gvm-web-'));
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>web app</title>');
    expect(await statusesWith({ webDistDir, smtpUrl: 'smtp://127.0.0.1:2525' })).toEqual([404, 404, 404]);
    expect(await statusesWith({ webDistDir, host: '0.0.0.0' })).toEqual([404, 404, 404]);
    expect(await statusesWith({ webDistDir, host: '0.0.0.0', devMailbox: true })).toEqual([200, 200, 200]);
  });

  it('answers its 404 in the { error } shape', async () => {
    const app = await buildApp({
      config: testConfig({ smtpUrl: 'smtp://127.0.0.1:2525' }),
      database,
      logger: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=victim%40example.com' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: expect.any(String) });
    } finally {
      await app.close();
    }
  });
});

describe('the DEV_MAILBOX setting', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gvm-mailbox-gate-')) };

  it('reads 1 and 0, leaves it to the transport and host when unset, and refuses anything else', () => {
    expect(loadConfig({ ...base, DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(loadConfig({ ...base, DEV_MAILBOX: '0' }).devMailbox).toBe(false);
    expect(loadConfig(base).devMailbox).toBeUndefined();
    expect(() => loadConfig({ ...base, DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX: must be 0 or 1/);
  });

  it('refuses DEV_MAILBOX=1 in production', () => {
    const production = { ...productionEnv, PAYMENT_PROVIDER: 'simulator' };
    expect(loadConfig(production).devMailbox).toBeUndefined();
    expect(() => loadConfig({ ...production, DEV_MAILBOX: '1' })).toThrow(ConfigError);
  });

  it('on the default HOST (0.0.0.0) only DEV_MAILBOX=1 serves it, as npm start sets', () => {
    expect(servesDevMailbox(loadConfig(base))).toBe(false);
    expect(servesDevMailbox(loadConfig({ ...base, DEV_MAILBOX: '1' }))).toBe(true);
    expect(servesDevMailbox(loadConfig({ ...base, HOST: '127.0.0.1' }))).toBe(true);
    expect(servesDevMailbox(loadConfig({ ...base, HOST: '127.0.0.1', SMTP_URL: 'smtp://mail:25' }))).toBe(false);
  });

  it('knows loopback hosts from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'example.com', '127.0.0.1.example.com']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});
