import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers of one HTTP/1.1 hop that HTTP/2 forbids (RFC 9113, section 8.2.2), and the host, set anew. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
  'host',
]);

export interface Http2Front {
  /** `https://localhost:<port>`: the same pages and API as the server behind it. */
  baseURL: string;
  close(): void;
}

/**
 * HTTPS with HTTP/2 in front of the bench's server, as a deployment's load balancer or CDN would
 * be (the app itself speaks HTTP/1.1 on loopback): every request of a page shares one connection
 * instead of queueing for six. A self-signed certificate for localhost, made for the run with
 * `openssl`; the browser is started with `--ignore-certificate-errors` to accept it.
 */
export async function startHttp2Front(target: string, port: number): Promise<Http2Front> {
  const { key, cert } = selfSignedCertificate();
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key, cert });
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = { host: upstream.host };
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined) forwarded[name] = value;
    }
    const request = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: forwarded,
        agent,
      },
      (response) => {
        if (stream.destroyed) {
          response.resume();
          return;
        }
        const answer: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        }
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on('error', () => {
      if (stream.destroyed) return;
      if (!stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => request.destroy());
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    baseURL: `https://localhost:${port}`,
    close: () => {
      server.close();
      agent.destroy();
    },
  };
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gvm-bench-tls-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-days',
        '2',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
