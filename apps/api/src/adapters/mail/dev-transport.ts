import type { FastifyBaseLogger } from 'fastify';
import { REDACTED, redactSecrets } from '../../lib/log-redaction';
import type { MailTransport } from './transport';

/**
 * The dev mailbox: with no SMTP server configured, "delivering" a message means logging who it
 * is for and its subject. The message itself stays in the outbox, where /dev/mailbox (served to
 * this machine only) shows it in full. The log never carries the code or link a message holds,
 * nor a code its subject names: whoever reads a log must not be able to sign in or take a gift
 * (decision 043).
 */
export function createDevMailboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      log.info(
        { to: mail.to, subject: withoutCodes(mail.subject) },
        'dev mailbox: e-mail delivered (read it at /dev/mailbox)',
      );
    },
    async close() {},
  };
}

/** `text` with its 6-digit codes and URL secrets redacted. */
function withoutCodes(text: string): string {
  return redactSecrets(text).replace(/\b\d{6}\b/g, REDACTED);
}
