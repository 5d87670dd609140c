import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { MailTransport } from './transport';

/** Connections kept open to the SMTP server: as many as the mail worker sends at once (worker.ts). */
export const SMTP_CONNECTIONS = 5;

/**
 * Delivers through the SMTP server named by SMTP_URL (smtp:// or smtps://, credentials and
 * nodemailer options such as `?pool=false` in the URL, which win over the defaults here).
 *
 * Connections are pooled and reused: a new connection for each message (its greeting, EHLO and
 * QUIT) cost 150 ms a message against a local server, a pooled one 50 ms, and the worker sends
 * several at once over the pool (docs/performance.md, "E-mail"). Timeouts are short so an
 * unreachable server fails the attempt quickly and the worker's backoff, not a hanging socket,
 * decides when to try again. The URL is parsed here: nodemailer reads only the URL when it is given
 * one, so options beside it would be dropped.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...parseConnectionUrl(smtpUrl),
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
        messageId: mail.messageId,
      });
    },
    async close() {
      transporter.close();
    },
  };
}
