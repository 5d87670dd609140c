import nodemailer from 'nodemailer';
import type { MailTransport } from './transport';

/**
 * Delivers through the SMTP server named by SMTP_URL (smtp:// or smtps://, credentials and
 * nodemailer options such as `?pool=true` in the URL). Timeouts are short so an unreachable
 * server fails the attempt quickly and the worker's backoff, not a hanging socket, decides when
 * to try again.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
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
