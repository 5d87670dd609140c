import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in knows about one access token, in Google's own field names and types. */
export interface StandInToken {
  aud: string;
  azp?: string;
  sub: string;
  email: string;
  /** Google sends the string "true" or "false". */
  email_verified: 'true' | 'false';
  expires_in?: string;
  scope?: string;
  name?: string;
}

export interface GoogleStandIn {
  /** The base URL to configure as GOOGLE_TOKENINFO_URL. */
  url: string;
  issue(accessToken: string, info: StandInToken): void;
  /** From now on, accept connections but never answer (a hung Google). */
  hang(): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for Google's token-info endpoint, answering as Google documents:
 * `GET /tokeninfo?access_token=…` → 200 JSON for a token it issued, 400
 * `{ "error_description": "Invalid Value" }` for any other.
 */
export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const tokens = new Map<string, StandInToken>();
  let hanging = false;
  const server: Server = createServer((request, response) => {
    if (hanging) return;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const info = url.pathname === '/tokeninfo' ? tokens.get(url.searchParams.get('access_token') ?? '') : undefined;
    response.setHeader('content-type', 'application/json; charset=UTF-8');
    if (!info) {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: 'invalid_token', error_description: 'Invalid Value' }));
      return;
    }
    response.end(JSON.stringify({ expires_in: '3599', scope: 'openid email profile', access_type: 'online', ...info }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tokeninfo`,
    issue: (accessToken, info) => tokens.set(accessToken, info),
    hang: () => {
      hanging = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
