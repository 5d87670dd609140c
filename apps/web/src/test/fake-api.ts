import { installFakeApiOn, type Routes, type SentRequest } from '@gvm/web-lib/test/fake-api';
import { api } from '@/lib/http-client';

export {
  type EndpointAnswer,
  type EndpointRequest,
  fakeEndpoint,
  type RouteAnswer,
  type RouteRequest,
  type Routes,
  type SentRequest,
} from '@gvm/web-lib/test/fake-api';

/** The shop's API client answered by the test's in-memory server (`installFakeApiOn`). */
export function installFakeApi(routes: Routes): { requests: SentRequest[]; restore(): void } {
  return installFakeApiOn(api, routes);
}

/** A JWT-shaped access token with the given claims (the client only decodes it, never checks it). */
export function fakeAccessToken(claims: { sub?: string; exp: number }): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-ada', ...claims })}.signature`;
}

/** Seconds since the epoch, `offsetSeconds` from now: the unit of a token's exp. */
export function epochSeconds(offsetSeconds = 0): number {
  return Math.floor(Date.now() / 1000) + offsetSeconds;
}
