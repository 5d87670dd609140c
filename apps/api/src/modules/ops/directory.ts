import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { operators } from '../../db/schema/ops';

/** Operators' e-mails by id, for console pages that name who did what (ids not found are absent). */
export async function findOperatorEmails(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(inArray(operators.id, wanted));
  return new Map(rows.map((row) => [row.id, row.email]));
}
