import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createDevMailboxTransport } from './dev-transport';
import { createSmtpTransport } from './smtp-transport';

/** One e-mail ready to leave: the outbox row's content plus the configured sender. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
}

/**
 * Where e-mail goes. `send` resolves once the message is accepted (by the SMTP server, or by the
 * dev mailbox's log) and rejects with the reason otherwise; the worker retries on rejection.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the dev mailbox (ARCHITECTURE.md section 4). */
export function createMailTransport(config: Pick<Config, 'smtpUrl'>, log: FastifyBaseLogger): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createDevMailboxTransport(log);
}
