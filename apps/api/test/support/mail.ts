import { desc, eq } from 'drizzle-orm';
import type { App } from '../../src/app-types';
import { mailOutbox } from '../../src/db/schema';

export interface QueuedMail {
  subject: string;
  text: string;
  html: string;
}

/** Every e-mail queued for an address, newest first (the outbox, whatever its delivery state). */
export async function mailsTo(app: App, to: string): Promise<QueuedMail[]> {
  return app.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
}

export async function latestMailTo(app: App, to: string): Promise<QueuedMail> {
  const [latest] = await mailsTo(app, to);
  if (!latest) throw new Error(`no e-mail was queued for ${to}`);
  return latest;
}

/** The 6-digit sign-in code an e-mail carries. */
export function codeIn(mail: QueuedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no 6-digit code in the e-mail:\n${mail.text}`);
  return match[1];
}

/** The token of the /verify/:token link an e-mail carries. */
export function verificationTokenIn(mail: QueuedMail): string {
  const match = /\/verify\/([\w%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no verification link in the e-mail:\n${mail.text}`);
  return decodeURIComponent(match[1]);
}
