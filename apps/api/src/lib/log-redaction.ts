import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Secrets that travel in a URL: a gift's claim token (`/gift/:token`, `/api/v1/gifts/:token`), an
 * e-mail verification token (`/verify/:token`, `/api/v1/users/verify/:token`), a checkout's poll
 * key (`?key=`), and the console's customer search term (below). Whoever reads them can take the
 * gift, the account or the payment's orders, so they never reach a log (decision 043). Codes and tokens sent in bodies are never logged:
 * the request log carries the URL only, and errors are logged without their query parameters.
 */
const secretPathSegment = /(\/(?:gifts?|verify)\/)[^/?#\s"']+/gi;
const secretQueryValue = /([?&](?:key|token|code|loginCode|refreshToken)=)[^&#\s"']*/gi;
/**
 * The console's customer search (`/ops/customers?q=` in the browser, `/api/v1/ops/customers/search?q=`
 * for its data): what an operator types there may be a whole voucher code a customer read out,
 * or a customer's e-mail, so the term is kept out of the log too.
 */
const consoleSearchTerm = /(\/ops\/customers(?:\/search)?\?(?:[^#\s"']*?&)?q=)[^&#\s"']*/gi;

export const REDACTED = '[redacted]';

/** `text` with every secret a URL may carry replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text
    .replace(secretPathSegment, `$1${REDACTED}`)
    .replace(secretQueryValue, `$1${REDACTED}`)
    .replace(consoleSearchTerm, `$1${REDACTED}`);
}

/** Fastify's own request serializer, with the URL's secrets redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The app's logger: structured, at the configured level, with the bearer token, URL secrets and
 * any message that quotes a URL (Fastify's "Route … not found") redacted.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): Exclude<FastifyServerOptions['logger'], boolean> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization'],
    serializers: { req: requestForLog },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg));
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}
