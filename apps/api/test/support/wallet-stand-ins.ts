import { createServer, type Server } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface RecordedPush {
  path: string;
  topic: string | undefined;
  body: string;
}

/**
 * A local stand-in for Apple's push service (APNs) over HTTP/2 without TLS, answering as Apple
 * documents: `POST /3/device/<token>` → 200, or 410 for a token it was told is no longer active.
 */
export async function startApnsStandIn(): Promise<{
  url: string;
  pushes: RecordedPush[];
  retire(token: string): void;
  close(): Promise<void>;
}> {
  const pushes: RecordedPush[] = [];
  const retired = new Set<string>();
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (piece: string) => {
      body += piece;
    });
    stream.on('end', () => {
      const path = String(headers[':path']);
      pushes.push({ path, topic: headers['apns-topic'] as string | undefined, body });
      const token = path.split('/').at(-1) ?? '';
      stream.respond({ ':status': retired.has(token) ? 410 : 200 });
      stream.end(retired.has(token) ? JSON.stringify({ reason: 'Unregistered' }) : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pushes,
    retire: (token) => retired.add(token),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface RecordedGoogleCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/**
 * A local stand-in for Google's OAuth2 token endpoint (`POST /token`, the JWT bearer grant) and
 * the Google Wallet REST API (`PUT /walletobjects/v1/giftCardObject/{id}`), answering as Google
 * documents; an object it was never given is 404 unless `saved` names it.
 */
export async function startGoogleWalletStandIn(): Promise<{
  url: string;
  calls: RecordedGoogleCall[];
  close(): Promise<void>;
}> {
  const calls: RecordedGoogleCall[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (piece: string) => {
      body += piece;
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !form.get('assertion')) {
          response.statusCode = 400;
          response.end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        response.end(JSON.stringify({ access_token: 'stand-in-access-token', expires_in: 3599, token_type: 'Bearer' }));
        return;
      }
      if (request.method === 'PUT' && path.startsWith('/walletobjects/v1/giftCardObject/')) {
        if (request.headers.authorization !== 'Bearer stand-in-access-token') {
          response.statusCode = 401;
          response.end('{}');
          return;
        }
        response.end(body);
        return;
      }
      response.statusCode = 404;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The entries of a zip archive (a `.pkpass`), by name. */
export async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const yauzl = await import('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: import('yauzl').Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
