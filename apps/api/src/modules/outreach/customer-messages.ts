import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { supportMessages } from '../../db/schema/outreach';

/**
 * The contact messages an address sent, newest first, for the customer's page of the operator
 * console (docs/product/operators.md#customers). Addresses are stored as typed, so compared
 * without case.
 */
export async function contactMessagesFrom(db: Executor, email: string, limit = 50) {
  const rows = await db
    .select({
      id: supportMessages.id,
      subject: supportMessages.subject,
      message: supportMessages.message,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .where(eq(sql`lower(${supportMessages.email})`, email.trim().toLowerCase()))
    .orderBy(desc(supportMessages.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
