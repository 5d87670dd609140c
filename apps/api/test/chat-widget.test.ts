import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatWidget } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestContext } from './helpers';
import { createUserAndToken } from './support/users';

/**
 * Which chat the shopper's pages show (docs/product/support-chat.md#another-chat-service,
 * decision 054): the built-in one by default; Chatwoot's with the shopper's identity hash made
 * on the server, so nobody can name themselves as another shopper to Chatwoot.
 */
const chatwoot = {
  provider: 'chatwoot',
  baseUrl: 'https://chat.example.test',
  websiteToken: 'website-token-1',
  hmacToken: 'inbox-hmac-token-that-only-the-server-knows',
} as const;

describe('GET /support-chat/widget', () => {
  let builtIn: TestContext;
  let withChatwoot: TestContext;
  beforeAll(async () => {
    builtIn = await createTestApp();
    withChatwoot = await createTestApp({ supportChat: chatwoot });
  });
  afterAll(async () => {
    await builtIn?.close();
    await withChatwoot?.close();
  });

  it('answers the built-in chat by default', async () => {
    const { token } = await createUserAndToken(builtIn.app);
    const answer = await builtIn.app.inject({
      method: 'GET',
      url: '/api/v1/support-chat/widget',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ChatWidget>()).toEqual({ provider: 'built-in', conversation: null });
  });

  it("with the built-in chat, carries the shopper's current conversation as GET /support-chat gives it: the launcher's one request", async () => {
    const { token } = await createUserAndToken(builtIn.app);
    const headers = { authorization: `Bearer ${token}` };
    const sent = await builtIn.app.inject({
      method: 'POST',
      url: '/api/v1/support-chat/messages',
      headers,
      payload: { body: 'Where is my gift?', clientId: 'widget-test-1' },
    });
    expect(sent.statusCode).toBe(201);
    const widget = await builtIn.app.inject({ method: 'GET', url: '/api/v1/support-chat/widget', headers });
    const chat = await builtIn.app.inject({ method: 'GET', url: '/api/v1/support-chat', headers });
    expect(widget.statusCode).toBe(200);
    const { conversation } = chat.json<{ conversation: unknown }>();
    expect(conversation).toMatchObject({ state: 'open', unread: 0 });
    expect(widget.json<ChatWidget>()).toEqual({ provider: 'built-in', conversation });
  });

  it('with Chatwoot, names the signed-in shopper with the HMAC-SHA256 of their id keyed with CHATWOOT_HMAC_TOKEN; each shopper their own', async () => {
    const ada = await createUserAndToken(withChatwoot.app, { name: 'Ada Lovelace', email: 'ada-widget@example.com' });
    const bob = await createUserAndToken(withChatwoot.app);
    for (const shopper of [ada, bob]) {
      const answer = await withChatwoot.app.inject({
        method: 'GET',
        url: '/api/v1/support-chat/widget',
        headers: { authorization: `Bearer ${shopper.token}` },
      });
      expect(answer.statusCode).toBe(200);
      const widget = answer.json<ChatWidget>();
      const expectedHash = createHmac('sha256', chatwoot.hmacToken).update(shopper.user.id).digest('hex');
      expect(widget).toEqual({
        provider: 'chatwoot',
        baseUrl: chatwoot.baseUrl,
        websiteToken: chatwoot.websiteToken,
        user: {
          identifier: shopper.user.id,
          identifierHash: expectedHash,
          name: shopper.user.name,
          email: shopper.user.email,
        },
      });
      // The HMAC token itself never leaves the server.
      expect(answer.body).not.toContain(chatwoot.hmacToken);
    }
    expect(ada.user.name).toBe('Ada Lovelace');
  });

  it('answers 401 without a signed-in shopper', async () => {
    const answer = await withChatwoot.app.inject({ method: 'GET', url: '/api/v1/support-chat/widget' });
    expect(answer.statusCode).toBe(401);
  });

  it("lets the pages load Chatwoot's script and frame from its origin (CSP), and only then", async () => {
    const withIt = await withChatwoot.app.inject({ method: 'GET', url: '/api/v1/health' });
    const without = await builtIn.app.inject({ method: 'GET', url: '/api/v1/health' });
    const policy = String(withIt.headers['content-security-policy']);
    expect(policy).toMatch(/script-src [^;]*https:\/\/chat\.example\.test/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/chat\.example\.test/);
    expect(String(without.headers['content-security-policy'])).not.toContain('chat.example.test');
  });
});

describe('the built-in chat while the shop uses Chatwoot', () => {
  let withChatwoot: TestContext;
  beforeAll(async () => {
    withChatwoot = await createTestApp({ supportChat: chatwoot });
  });
  afterAll(() => withChatwoot?.close());

  it("refuses a shopper's message with 409 and says the chat has moved (a page opened before the switch); reading still answers", async () => {
    const shopper = await createUserAndToken(withChatwoot.app);
    const sent = await withChatwoot.app.inject({
      method: 'POST',
      url: '/api/v1/support-chat/messages',
      headers: { authorization: `Bearer ${shopper.token}` },
      payload: { body: 'Hello?', clientId: '5d1c6a4e-0a7e-4a53-9d8e-0c1f1d1f8a11' },
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ error: 'Our chat has moved. Reload the page to chat with us.' });
    const read = await withChatwoot.app.inject({
      method: 'GET',
      url: '/api/v1/support-chat',
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ conversation: null, messages: [] });
  });
});

describe('SUPPORT_CHAT_PROVIDER', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'gvm-config-'));

  it('is the built-in chat unless named', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).supportChat).toEqual({ provider: 'built-in' });
  });

  it('chatwoot needs CHATWOOT_BASE_URL, CHATWOOT_WEBSITE_TOKEN and CHATWOOT_HMAC_TOKEN', () => {
    const all = {
      DATA_DIR: dataDir(),
      SUPPORT_CHAT_PROVIDER: 'chatwoot',
      CHATWOOT_BASE_URL: 'https://chat.example.test/',
      CHATWOOT_WEBSITE_TOKEN: 'website-token-1',
      CHATWOOT_HMAC_TOKEN: 'inbox-hmac-token',
    };
    for (const missing of ['CHATWOOT_BASE_URL', 'CHATWOOT_WEBSITE_TOKEN', 'CHATWOOT_HMAC_TOKEN'] as const) {
      expect(() => loadConfig({ ...all, [missing]: undefined }), missing).toThrow(
        /SUPPORT_CHAT_PROVIDER=chatwoot needs CHATWOOT_BASE_URL, CHATWOOT_WEBSITE_TOKEN and CHATWOOT_HMAC_TOKEN/,
      );
    }
    expect(() => loadConfig({ ...all, CHATWOOT_BASE_URL: 'javascript:alert(1)' })).toThrow(/CHATWOOT_BASE_URL/);
    expect(() => loadConfig({ ...all, SUPPORT_CHAT_PROVIDER: 'intercom' })).toThrow(/SUPPORT_CHAT_PROVIDER/);
    expect(loadConfig(all).supportChat).toEqual({
      provider: 'chatwoot',
      baseUrl: 'https://chat.example.test',
      websiteToken: 'website-token-1',
      hmacToken: 'inbox-hmac-token',
    });
  });
});
