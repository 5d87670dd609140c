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
