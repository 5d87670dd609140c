import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '../src/db/schema';
import { createTestDatabase } from './helpers';

/**
 * The audit trail is append-only in the database itself (decision 045): the trigger of migration
 * 0011 refuses UPDATE, DELETE and TRUNCATE whoever asks. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let rowId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const [operator] = await database.db
    .insert(operators)
    .values({ email: 'trigger@ugm.example', role: 'admin' })
    .returning();
  const [row] = await database.db
    .insert(auditLog)
    .values({
      operatorId: operator?.id ?? '',
      role: 'admin',
      action: 'operator.invite',
      targetType: 'operator',
      targetId: 'x',
      at: new Date(),
      ip: '127.0.0.1',
    })
    .returning();
  rowId = row?.id ?? '';
});
afterAll(async () => {
  await database.close();
});

/** The database's own refusal, under drizzle's "Failed query" wrapper. */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return `${error instanceof Error ? error.message : String(error)} ${cause}`;
  }
  return 'no refusal';
}

describe('the audit log table', () => {
  it('takes new rows', async () => {
    expect(await database.db.select().from(auditLog)).toHaveLength(1);
  });

  it('refuses UPDATE', async () => {
    const update = database.db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, rowId));
    expect(await refusal(update)).toMatch(/audit_log is append-only: UPDATE/);
  });

  it('refuses DELETE', async () => {
    expect(await refusal(database.db.delete(auditLog).where(eq(auditLog.id, rowId)))).toMatch(
      /audit_log is append-only: DELETE/,
    );
    expect(await refusal(database.db.delete(auditLog))).toMatch(/audit_log is append-only: DELETE/);
  });

  it('refuses TRUNCATE', async () => {
    expect(await refusal(database.db.execute(sql`truncate audit_log`))).toMatch(/audit_log is append-only: TRUNCATE/);
  });

  it('still holds the row, unchanged', async () => {
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.id, rowId));
    expect(row?.reason).toBeNull();
  });
});
