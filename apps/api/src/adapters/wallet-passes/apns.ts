import http2 from 'node:http2';
import type { AppleWalletSigning } from '../../config';

/** What APNs said of one push: delivered, the token no longer valid (unregister it), or try later. */
export type PushOutcome = 'sent' | 'gone' | 'retry';

/** Tells a device that one of its passes changed: it then asks the web service which, and fetches it. */
export interface PassPusher {
  push(pushToken: string): Promise<PushOutcome>;
  close(): void;
}

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Apple's push service as it documents it for Wallet passes: HTTP/2 `POST /3/device/<pushToken>`
 * with `apns-topic: <pass type id>` and an empty JSON payload, the connection authenticated by the
 * pass type certificate (a TLS client certificate). `APNS_URL` names the host: tests run a local
 * HTTP/2 stand-in (`http://` speaks HTTP/2 without TLS). One connection, opened when first needed
 * and again after it closes.
 */
export function createApnsPusher(baseUrl: string, signing: AppleWalletSigning): PassPusher {
  let session: http2.ClientHttp2Session | undefined;
  const connect = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const tls = baseUrl.startsWith('https:')
      ? {
          cert: signing.signerCert,
          key: signing.signerKey,
          ...(signing.signerKeyPassphrase ? { passphrase: signing.signerKeyPassphrase } : {}),
        }
      : {};
    const opened = http2.connect(baseUrl, tls);
    opened.on('error', () => opened.destroy());
    opened.unref();
    session = opened;
    return opened;
  };
  return {
    push(pushToken) {
      return new Promise<PushOutcome>((resolve) => {
        let request: http2.ClientHttp2Stream;
        try {
          request = connect().request({
            ':method': 'POST',
            ':path': `/3/device/${encodeURIComponent(pushToken)}`,
            'apns-topic': signing.passTypeId,
            'apns-push-type': 'background',
            'content-type': 'application/json',
          });
        } catch {
          resolve('retry');
          return;
        }
        request.setTimeout(PUSH_TIMEOUT_MS, () => request.close(http2.constants.NGHTTP2_CANCEL));
        let status = 0;
        let body = '';
        request.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        request.setEncoding('utf8');
        request.on('data', (piece: string) => {
          body += piece;
        });
        request.on('error', () => resolve('retry'));
        request.on('close', () => {
          if (status === 200) resolve('sent');
          // 410: the token is no longer active; 400 BadDeviceToken: it never was.
          else if (status === 410 || (status === 400 && body.includes('BadDeviceToken'))) resolve('gone');
          else resolve('retry');
        });
        request.end('{}');
      });
    },
    close() {
      session?.close();
    },
  };
}
