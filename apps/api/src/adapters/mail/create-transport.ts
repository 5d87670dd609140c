import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createDevMailboxTransport } from './dev-transport';
import { createSmtpTransport } from './smtp-transport';
import type { MailTransport } from './transport';

/** SMTP when SMTP_URL is set; otherwise the dev mailbox (README.md#configuration). */
export function createMailTransport(config: Pick<Config, 'smtpUrl'>, log: FastifyBaseLogger): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createDevMailboxTransport(log);
}
