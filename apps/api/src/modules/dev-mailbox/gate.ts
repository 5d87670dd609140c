import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

const loopbackHosts = new Set(['localhost', '::1', '[::1]', '::ffff:127.0.0.1']);

/** True for an interface only this machine can reach: localhost, ::1 or 127.0.0.0/8. */
export function isLoopbackHost(host: string): boolean {
  return loopbackHosts.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether /dev/mailbox is served (decision 027). The mailbox shows every queued e-mail, sign-in
 * codes included, to anyone who can reach it, so it is never served in production, and otherwise
 * only when
 * - `DEV_MAILBOX=1` says so explicitly (`npm start` sets it while no `SMTP_URL` is set), or
 * - unset, the dev mailbox is the mail transport (no `SMTP_URL`: no e-mail leaves this machine)
 *   and the server listens on loopback with no proxy in front (`TRUST_PROXY_HOPS=0`).
 * `DEV_MAILBOX=0` turns it off everywhere.
 */
export function servesDevMailbox(
  config: Pick<Config, 'env' | 'devMailbox' | 'smtpUrl' | 'host' | 'trustProxyHops'>,
): boolean {
  if (config.env === 'production') return false;
  if (config.devMailbox !== undefined) return config.devMailbox;
  return config.smtpUrl === undefined && isLoopbackHost(config.host) && config.trustProxyHops === 0;
}

/**
 * Whether a request comes from this machine itself: its socket's peer is a loopback address and
 * it names no other client (a proxy on this machine forwarding someone else's request says so in
 * `X-Forwarded-For` or `Forwarded`). `npm start` listens on every interface with `DEV_MAILBOX=1`,
 * so the mailbox answers only these (decision 027).
 */
export function comesFromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopbackHost(peer);
}

/**
 * Whether a request names this machine in its `Host` header: localhost, 127.0.0.0/8 or [::1],
 * with any port. A page on another site can reach a server on this machine from the user's own
 * browser by DNS rebinding (its name made to resolve to 127.0.0.1): the request then comes from
 * this machine, but its `Host` is still that site's name, so the mailbox is refused to it.
 */
export function isAddressedToThisMachine(request: FastifyRequest): boolean {
  // A name or an address in brackets, then an optional port: nothing else is a Host of ours.
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]/?#@\\]+))(?::\d{1,5})?$/i.exec(request.headers.host ?? '');
  const hostname = match?.[1] ?? match?.[2];
  return hostname !== undefined && isLoopbackHost(hostname);
}
