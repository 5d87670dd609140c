import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as a real SMTP server received it, with its MIME parts decoded. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  port: number;
  /** The SMTP_URL that reaches this server. */
  url: string;
  received: ReceivedMail[];
  /**
   * Connections accepted, the most messages being received at once, and how long the server takes
   * to accept each message (0 unless a test sets it); a test may reset them.
   */
  traffic: { connections: number; mostAtOnce: number; acceptAfterMs: number };
  /** Accepts connections (again) on the same port. */
  start(): Promise<void>;
  /** Stops accepting connections: the mail server is "down". */
  stop(): Promise<void>;
}

/** A port nothing listens on right now, for a server that must come back on the same address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1, without authentication or TLS, that
 * keeps what it receives. `stop` and `start` take it down and bring it back on the same port.
 */
export async function createTestSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const traffic = { connections: 0, mostAtOnce: 0, acceptAfterMs: 0 };
  let atOnce = 0;
  let server: SMTPServer | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        onConnect(_session, callback) {
          traffic.connections += 1;
          callback();
        },
        onData(stream, session, callback) {
          atOnce += 1;
          traffic.mostAtOnce = Math.max(traffic.mostAtOnce, atOnce);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
            setTimeout(() => {
              atOnce -= 1;
              received.push({ envelopeFrom, envelopeTo, ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
              callback();
            }, traffic.acceptAfterMs);
          });
        },
      });
      smtp.once('error', reject);
      smtp.listen(port, '127.0.0.1', () => {
        // A client gone mid-conversation (an app closed with kept connections) resets its socket:
        // a mail server carries on. An error with no listener would end the test run.
        smtp.on('error', () => undefined);
        server = smtp;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = undefined;
      if (running) running.close(() => resolve());
      else resolve();
    });

  await start();
  return { port, url: `smtp://127.0.0.1:${port}`, received, traffic, start, stop };
}

/** Just enough MIME for what nodemailer writes: headers, multipart/alternative, QP and base64. */
function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const { headers, body } = splitEntity(raw);
  const parts = new Map<string, string>();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const entities = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitEntity(part.replace(/^\r\n/, '')))
    : [{ headers, body }];
  for (const entity of entities) {
    const type = (entity.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim() ?? '';
    parts.set(type, decodeBody(entity.body, entity.headers.get('content-transfer-encoding')));
  }
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.get('text/plain') ?? '',
    html: parts.get('text/html') ?? '',
  };
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const trimmed = body.replace(/\r\n$/, '');
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(trimmed.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
    case 'quoted-printable':
      return decodeQuotedPrintable(trimmed);
    default:
      return trimmed.replace(/\r\n/g, '\n');
  }
}

function decodeQuotedPrintable(value: string): string {
  const unfolded = value.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < unfolded.length; index++) {
    const hex = unfolded.slice(index + 1, index + 3);
    if (unfolded[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
