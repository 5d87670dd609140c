import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './transport';

/**
 * The dev mailbox: with no SMTP server configured, "delivering" a message means logging who it
 * is for and the code or link it carries, so a developer can sign in from the terminal. The
 * message itself stays in the outbox, where GET /dev/mailbox shows it in full.
 */
export function createDevMailboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      log.info(
        { to: mail.to, subject: mail.subject, carries: findCodeOrLink(mail.text) },
        'dev mailbox: e-mail delivered',
      );
    },
    async close() {},
  };
}

/** The 6-digit code a message carries, else its first web link, else undefined. */
export function findCodeOrLink(text: string): string | undefined {
  return /\b\d{6}\b/.exec(text)?.[0] ?? /https?:\/\/[^\s<>"')]+/.exec(text)?.[0];
}
