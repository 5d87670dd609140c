import { authEndpoints, cartEndpoints, userEndpoints } from '@gvm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi, type Routes } from '@/test/fake-api';
import { testUser } from '@/test/signed-in';
import { callEndpoint } from './api-client';
import { setLoginNavigator } from './auth/end-session';
import { storeTokens } from './auth/token-storage';
import { EARLY_ANSWER_MS } from './early-requests';

const token = fakeAccessToken({ exp: epochSeconds(900) });
const renewed = fakeAccessToken({ exp: epochSeconds(1800) });
const ada = testUser();
let restoreApi = () => {};

function serve(routes: Routes) {
  const fake = installFakeApi(routes);
  restoreApi = fake.restore;
  return fake.requests;
}

/** What the page's HTML leaves behind (apps/api/src/plugins/web-app.ts, EARLY_REQUESTS_SCRIPT). */
function earlyAnswers(sentWith: string, answers: Record<string, Response>) {
  const responses: Record<string, Promise<Response>> = {};
  for (const [url, response] of Object.entries(answers)) responses[url] = Promise.resolve(response);
  window.earlyApiRequests = { token: sentWith, responses };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  storeTokens(token, 'refresh-1');
  setLoginNavigator(vi.fn());
});

afterEach(() => {
  restoreApi();
  setLoginNavigator(null);
  window.earlyApiRequests = undefined;
  vi.restoreAllMocks();
});

describe("answers the page's HTML asked for before the app loaded (decision 038)", () => {
  it('stand for the first request of the same URL with the same token, once', async () => {
    const requests = serve(
      fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: { ...ada, username: 'fresh' } })),
    );
    earlyAnswers(token, { '/users/me': json(200, ada) });
    await expect(callEndpoint(userEndpoints.me)).resolves.toMatchObject({ username: ada.username });
    expect(requests).toHaveLength(0);
    // Taken: the next request is sent.
    await expect(callEndpoint(userEndpoints.me)).resolves.toMatchObject({ username: 'fresh' });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /users/me']);
  });

  it('are parsed by the contract like any answer', async () => {
    serve({});
    earlyAnswers(token, { '/users/me': json(200, { _id: 42 }) });
    await expect(callEndpoint(userEndpoints.me)).rejects.toThrow();
  });

  it('are not taken for another token, another URL, or once the page has been open for a while', async () => {
    const requests = serve(fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: ada })));
    earlyAnswers(renewed, { '/users/me': json(200, { ...ada, username: 'stale' }) });
    await expect(callEndpoint(userEndpoints.me)).resolves.toMatchObject({ username: ada.username });
    earlyAnswers(token, { '/carts/user-ada': json(200, {}) });
    await callEndpoint(userEndpoints.me);
    earlyAnswers(token, { '/users/me': json(200, { ...ada, username: 'stale' }) });
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_ANSWER_MS + 1);
    await expect(callEndpoint(userEndpoints.me)).resolves.toMatchObject({ username: ada.username });
    expect(requests).toHaveLength(3);
    expect(window.earlyApiRequests).toBeUndefined();
  });

  it('are all dropped by a change, which may make them untrue', async () => {
    const requests = serve({
      ...fakeEndpoint(cartEndpoints.create, () => ({
        status: 201,
        body: { _id: 'cart-1', userId: 'user-ada', items: [] },
      })),
      ...fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: ada })),
    });
    earlyAnswers(token, { '/users/me': json(200, { ...ada, username: 'stale' }) });
    await callEndpoint(cartEndpoints.create, { body: { userId: 'user-ada' } });
    await expect(callEndpoint(userEndpoints.me)).resolves.toMatchObject({ username: ada.username });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /carts', 'GET /users/me']);
  });

  it('that are dropped are ended: their bodies are cancelled, a failed one is let be', async () => {
    serve(
      fakeEndpoint(cartEndpoints.create, () => ({
        status: 201,
        body: { _id: 'cart-1', userId: 'user-ada', items: [] },
      })),
    );
    const unread = json(200, ada);
    const cancel = vi.spyOn(unread.body as ReadableStream, 'cancel');
    window.earlyApiRequests = {
      token,
      responses: {
        '/users/me': Promise.resolve(unread),
        '/carts/user-ada': Promise.reject(new TypeError('Failed to fetch')),
      },
    };
    await callEndpoint(cartEndpoints.create, { body: { userId: 'user-ada' } });
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledOnce());
    expect(window.earlyApiRequests).toBeUndefined();
  });

  it('a 401 among them refreshes the session and sends the request anew, as for any answer', async () => {
    const requests = serve({
      ...fakeEndpoint(userEndpoints.me, ({ authorization }) =>
        authorization === `Bearer ${renewed}`
          ? { status: 200, body: ada }
          : { status: 401, body: { error: 'Expired' } },
      ),
      ...fakeEndpoint(authEndpoints.refresh, () => ({
        status: 200,
        body: { token: renewed, refreshToken: 'refresh-2' },
      })),
    });
    earlyAnswers(token, { '/users/me': json(401, { error: 'Your session has expired. Please log in again.' }) });
    await expect(callEndpoint(userEndpoints.me)).resolves.toMatchObject({ _id: ada._id });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /users/refresh-token',
      'GET /users/me',
    ]);
  });

  it("that could not reach the server fail as the client's own requests do", async () => {
    serve({});
    window.earlyApiRequests = { token, responses: { '/users/me': Promise.reject(new TypeError('Failed to fetch')) } };
    await expect(callEndpoint(userEndpoints.me)).rejects.toMatchObject({
      networkError: true,
      message: 'Could not reach the server. Please check your connection.',
    });
  });
});
