/** One e-mail ready to leave: the outbox row's content plus the configured sender. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
  /**
   * The Message-ID header, made from the outbox row's id: a message sent again after a crash
   * between sending and marking it sent carries the same id, so mail systems treat it as one
   * message (decision 055).
   */
  messageId: string;
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
