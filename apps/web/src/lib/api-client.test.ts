import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, failureMessage, responseError, serverMessage, toApiError } from './api-client';
import { api, REQUEST_TIMEOUT_MS } from './http-client';

describe('normalised API errors (docs/product/README.md#web-client)', () => {
  it('reads the message from the error field, then the message field', () => {
    expect(responseError(404, { error: 'Product not found' })).toMatchObject({
      status: 404,
      message: 'Product not found',
    });
    expect(responseError(422, { message: 'Nope' }).message).toBe('Nope');
  });

  it('keeps per-field errors', () => {
    const errors = [{ path: 'limit', message: 'Too big' }];
    expect(responseError(400, { error: 'Invalid request', errors }).errors).toEqual(errors);
  });

  it("a 5xx shows the API's own sentence, never a server's raw text (decision 029)", () => {
    const unavailable = 'Google sign-in is temporarily unavailable. Please try again in a moment.';
    expect(responseError(503, { error: unavailable }).message).toBe(unavailable);
    expect(serverMessage(responseError(503, { error: unavailable }))).toBe(unavailable);
    for (const raw of [
      '<html><body><h1>502 Bad Gateway</h1></body></html>',
      { error: 'Internal Server Error' },
      { statusCode: 502, error: 'Bad Gateway', message: 'Bad Gateway' },
      { message: 'TypeError: Cannot read properties of undefined\n    at handler (/srv/app.js:10:5)' },
      { error: 'connect ECONNREFUSED 127.0.0.1:5432 '.repeat(10) },
      { message: 'relation "cart_items" does not exist {"code":"42P01"}' },
    ]) {
      const failure = responseError(502, raw);
      expect(failure.message).toBe('An unexpected error occurred');
      expect(failure.status).toBe(502);
      // Pages that show "server message, else their own text" show their own text.
      expect(failureMessage(failure, 'Failed to update account details.')).toBe('Failed to update account details.');
    }
    // Below 500 the server's message is the spec's, as before.
    expect(responseError(409, { error: 'Internal Server Error' }).message).toBe('Internal Server Error');
  });

  it("falls back to 'An unexpected error occurred' and status 500", () => {
    expect(responseError(500, 'oops').message).toBe('An unexpected error occurred');
    const unknown = toApiError(new Error('boom'));
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown.status).toBe(500);
  });
});

describe('the fetch client (docs/product/README.md#web-client)', () => {
  let restore = () => {};
  afterEach(() => {
    restore();
  });

  /** Puts `fetch` in the client's place for one test, recording what it was asked. */
  function transport(answer: (url: string, init: RequestInit) => Promise<Response>) {
    const calls: { url: string; init: RequestInit }[] = [];
    const original = api.transport;
    api.transport = (url, init) => {
      calls.push({ url, init });
      return answer(url, init);
    };
    restore = () => {
      api.transport = original;
    };
    return calls;
  }

  it('sends the query without empty values, JSON only with a body, and reads a 204 as null', async () => {
    const calls = transport(async () => new Response(null, { status: 204 }));
    const answer = await api.request({ method: 'get', url: '/products', params: { q: 'a b', page: 2, x: undefined } });
    expect(answer).toEqual({ status: 204, data: null });
    expect(calls[0]?.url).toBe('/api/v1/products?q=a+b&page=2');
    expect(new Headers(calls[0]?.init.headers).has('Content-Type')).toBe(false);
    await api.post('/carts', { userId: 'u1' });
    expect(new Headers(calls[1]?.init.headers).get('Content-Type')).toBe('application/json');
    expect(calls[1]?.init.body).toBe('{"userId":"u1"}');
  });

  it('gives up after 10 seconds with a timeout message, and says so when the server cannot be reached', async () => {
    // The platform's own timer drives AbortSignal.timeout: the test stands in for it.
    const timer = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
    transport(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = api.get('/users/me');
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    timer.abort(new DOMException('signal timed out', 'TimeoutError'));
    await expect(pending).rejects.toMatchObject({
      networkError: true,
      message: 'The request timed out. Please try again.',
    });
    timeout.mockRestore();
    transport(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/users/me')).rejects.toMatchObject({
      networkError: true,
      message: 'Could not reach the server. Please check your connection.',
    });
  });
});

describe('an answer parsed in a task of its own (decision 075)', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('yields to the browser (scheduler.yield) once the answer has arrived, then parses it', async () => {
    const { callEndpoint } = await import('./api-client');
    const { supportChatEndpoints } = await import('@gvm/contract/support-chat');
    const { fakeEndpoint, installFakeApi } = await import('@/test/fake-api');
    const order: string[] = [];
    (globalThis as { scheduler?: unknown }).scheduler = {
      yield: async () => {
        order.push('yield');
      },
    };
    const fake = installFakeApi(
      fakeEndpoint(supportChatEndpoints.widget, () => {
        order.push('answer');
        return { status: 200, body: { provider: 'built-in', conversation: null } as const };
      }),
    );
    try {
      expect(await callEndpoint(supportChatEndpoints.widget)).toEqual({ provider: 'built-in', conversation: null });
    } finally {
      fake.restore();
    }
    expect(order).toEqual(['answer', 'yield']);
  });
});
