import type { MailboxMessage } from '@gvm/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';

/** The mailbox shows the latest messages only; older ones stay in the outbox table. */
export const mailboxLimit = 50;

/** The most recent e-mails, newest first, to one address (any letter case) or to anyone. */
export async function listRecentMail(db: Database, to?: string): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(mailboxLimit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
  }));
}
