import { type AxiosAdapter, AxiosError, type AxiosResponse } from 'axios';
import { api } from '@/lib/api-client';

/** A request the code under test sent, as the server would have received it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface RouteRequest extends SentRequest {
  params: Record<string, string>;
}

export interface RouteAnswer {
  status: number;
  body?: unknown;
}

/** 'GET /wishlists/:userId' → the test's own in-memory behaviour for that route. */
export type Routes = Record<string, (request: RouteRequest) => RouteAnswer | Promise<RouteAnswer>>;

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = got[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

/**
 * Answers the app's API client from the test's own in-memory server (the routes it declares),
 * through axios's adapter: the interceptors, the error normalisation and the contract parsing
 * all run as in the browser. Every request is recorded; an undeclared route answers 404.
 */
export function installFakeApi(routes: Routes): { requests: SentRequest[]; restore(): void } {
  const requests: SentRequest[] = [];
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = config.url ?? '';
    const body: unknown = typeof config.data === 'string' && config.data ? JSON.parse(config.data) : undefined;
    requests.push({ method, path, body });
    let answer: RouteAnswer = { status: 404, body: { error: `No route ${method} ${path}` } };
    for (const [route, handle] of Object.entries(routes)) {
      const [routeMethod, pattern = ''] = route.split(' ');
      const params = routeMethod === method ? match(pattern, path) : null;
      if (params) {
        answer = await handle({ method, path, body, params });
        break;
      }
    }
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status >= 400) {
      throw new AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_REQUEST', config, {}, response);
    }
    return response;
  };
  api.defaults.adapter = adapter;
  return {
    requests,
    restore: () => {
      api.defaults.adapter = original;
    },
  };
}
