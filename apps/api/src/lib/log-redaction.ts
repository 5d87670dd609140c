import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { alwaysSecretQueryFields, type SecretRoute, secretRoutes } from './url-secrets';

/**
 * Secrets that travel in a URL (the routes in `url-secrets.ts`: claim and verification tokens,
 * poll keys, the simulator's sessions, the console's customer search) never reach the log
 * (decision 043): whoever reads one can take the gift, the account or the payment's orders.
 * Codes and tokens sent in bodies are never logged: the request log carries the URL only, and
 * errors are logged without their query parameters.
 *
 * A URL is judged as the router reads it, not as it was typed: `/api/v1/%67ifts/<token>`,
 * `/api/v1//gifts/<token>/` and `/GIFT/<token>` reach a route or a page just as the plain
 * spelling does. So each path segment is compared with the routes' patterns after its
 * percent-escapes are decoded and without regard to case, empty and `.` segments dropped, and the
 * same for the query's field names; what is logged is the URL as it came, with the secret
 * segments and values replaced by `[redacted]`.
 */
export const REDACTED = '[redacted]';

type Segment = { literal: string } | { param: string; secret: boolean };
const isSecret = (segment: Segment) => 'secret' in segment && segment.secret;

function segmentsOf(route: SecretRoute): Segment[] {
  return route.pattern
    .split('/')
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith(':')
        ? { param: part.slice(1), secret: route.params.includes(part.slice(1)) }
        : { literal: part.toLowerCase() },
    );
}

const routes = secretRoutes.map((route) => ({
  segments: segmentsOf(route),
  query: route.query.map((name) => name.toLowerCase()),
}));

/**
 * Each route's secret parameters with the literal segment before them (`gift/:token`,
 * `verify/:token`, `pay/:sessionId`), looked for anywhere in a path that is not one of our routes
 * as a whole: a claim link pasted after another path, or a URL quoted in a message with its host.
 */
const tails: Segment[][] = [
  ...new Map(
    routes.flatMap(({ segments }) => {
      const first = segments.findIndex(isSecret);
      const last = segments.findLastIndex(isSecret);
      const start = segments.slice(0, Math.max(first, 0)).findLastIndex((segment) => 'literal' in segment);
      if (first === -1 || start === -1) return [];
      const tail = segments.slice(start, last + 1);
      return [[JSON.stringify(tail), tail] as const];
    }),
  ).values(),
];

const alwaysSecret = new Set(alwaysSecretQueryFields.map((name) => name.toLowerCase()));

/**
 * `text` with its ASCII percent-escapes decoded, twice-encoded ones too: enough to read the
 * letters, slashes and query signs of a path, and it never fails on a malformed escape.
 */
function decodeAscii(text: string): string {
  let decoded = text;
  for (let round = 0; round < 3 && /%[0-7][0-9a-f]/i.test(decoded); round += 1) {
    decoded = decoded.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  return decoded;
}

/** A path segment or a query field's name as compared with the routes': decoded, in lower case. */
const comparable = (text: string) => decodeAscii(text).toLowerCase();

interface PathPart {
  text: string;
  /** The index of the raw segment it came from (an encoded slash makes two parts of one segment). */
  raw: number;
}

/** The positions of `segments`' secret parameters if they match `parts` from `start`, else null. */
function matchAt(segments: Segment[], parts: PathPart[], start: number): number[] | null {
  const secrets: number[] = [];
  for (const [offset, segment] of segments.entries()) {
    const part = parts[start + offset];
    if (!part || ('literal' in segment && part.text !== segment.literal)) return null;
    if (isSecret(segment)) secrets.push(start + offset);
  }
  return secrets;
}

/**
 * `url` (a path with its query, or an absolute URL) with its secrets replaced by `[redacted]`.
 * `route` is the pattern the router matched, when known: a path that is that route segment for
 * segment needs no search for claim links pasted inside it, so `/orders/:orderId/gift/resend`
 * keeps its last word.
 */
export function redactUrl(url: string, route?: string): string {
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const queryStart = rest.search(/[?#]/);
  const path = queryStart === -1 ? rest : rest.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rest.slice(queryStart);

  const raw = path.split('/');
  const parts = raw.flatMap((segment, index) =>
    comparable(segment)
      .split('/')
      .filter((text) => text !== '' && text !== '.')
      .map((text) => ({ text, raw: index })),
  );
  const hidden = new Set<number>();
  const secretFields = new Set(alwaysSecret);
  for (const { segments, query: fields } of routes) {
    for (const position of matchAt(segments, parts, 0) ?? []) hidden.add(parts[position]?.raw ?? -1);
    // A route's query fields wherever the path ends in the route (`/x/api/v1/orders/status?key=`).
    if (
      fields.length > 0 &&
      parts.length >= segments.length &&
      matchAt(segments, parts, parts.length - segments.length)
    ) {
      for (const field of fields) secretFields.add(field);
    }
  }
  const routeLength = route === undefined ? -1 : route.split('/').filter((part) => part !== '').length;
  if (parts.length !== routeLength) {
    for (const tail of tails) {
      for (let start = 0; start < parts.length; start += 1) {
        for (const position of matchAt(tail, parts, start) ?? []) hidden.add(parts[position]?.raw ?? -1);
      }
    }
  }

  const redactedPath =
    hidden.size === 0 ? path : raw.map((segment, index) => (hidden.has(index) ? REDACTED : segment)).join('/');
  const redactedQuery = query.replace(
    /([?&;#])([^=&;#]*)=([^&;#]*)/g,
    (field, separator: string, name: string, value: string) =>
      secretFields.has(comparable(name.replaceAll('+', ' '))) || holdsSecretUrl(value)
        ? `${separator}${name}=${REDACTED}`
        : field,
  );
  return `${origin}${redactedPath}${redactedQuery}`;
}

/**
 * Whether a query value is itself a URL that carries a secret: the login page's
 * `returnTo=%2Fgift%2F<token>`, the console's `returnTo=/ops/customers?q=<code>`.
 */
function holdsSecretUrl(value: string): boolean {
  const decoded = decodeAscii(value.replaceAll('+', ' '));
  return /[/?]/.test(decoded) && redactSecrets(decoded) !== decoded;
}

/** A run of text that may be a URL or a path: no space or quote in it, and a `/` or `?`. */
const URL_LIKE = /[^\s"'<>`]*[/?][^\s"'<>`]*/g;
const SCHEME = /[a-z][a-z\d+.-]*:\/\//i;

/** `text` with every secret a URL in it may carry replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  if (!text.includes('/') && !text.includes('?')) return text;
  return text.replace(URL_LIKE, (run) => {
    // "GET:/api/…" or "href=https://host/gift/…": the URL starts at its scheme, or at its first / or ?.
    const pathStart = run.search(/[/?]/);
    const scheme = SCHEME.exec(run);
    const start = scheme && scheme.index < pathStart ? scheme.index : pathStart;
    return `${run.slice(0, start)}${redactUrl(run.slice(start))}`;
  });
}

/** The pattern of the route that answers the request; none for a wildcard (a page, a file) or no route. */
function routePatternOf(request: FastifyRequest): string | undefined {
  const pattern = request.routeOptions?.url;
  return pattern === undefined || pattern.includes('*') ? undefined : pattern;
}

/** Fastify's own request serializer, with the URL's secrets redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, routePatternOf(request)),
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
    // The operator's session cookie (decision 073) is a bearer secret too, wherever a log names headers.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: requestForLog },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg));
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}
