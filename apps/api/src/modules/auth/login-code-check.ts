import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import { unauthorized } from '../../lib/errors';

/** docs/product/accounts.md#sign-in-by-code: a code lives 10 minutes and survives 5 wrong tries. */
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

export const INCORRECT_CODE = 'The verification code is incorrect';
const USED_CODE = 'This verification code has already been used. Please request a new one.';
const EXPIRED_CODE = 'This verification code has expired. Please request a new one.';
const TOO_MANY_TRIES = 'Too many incorrect attempts. Please request a new verification code.';
const REPLACED_CODE =
  'This verification code has been replaced by a newer one. Please use the latest code we sent you.';

/**
 * A table of e-mailed sign-in codes: shoppers' (`login_codes`, this module's) and operators'
 * (`operator_login_codes`, the operators module's) have these columns alike. Each module passes its own
 * table and hashes its codes with a binding of its own, so a row of one can never stand for a
 * row of the other (decision 045).
 */
export interface LoginCodeTable extends PgTable {
  id: PgColumn;
  email: PgColumn;
  codeHash: PgColumn;
  attempts: PgColumn;
  expiresAt: PgColumn;
  usedAt: PgColumn;
  voidedAt: PgColumn;
  createdAt: PgColumn;
}

/** What the check reads of a code's row (the columns are typed loosely above: read as these). */
interface CodeRow {
  id: string;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
  voidedAt: Date | null;
}

const rowOf = (table: LoginCodeTable) => ({
  id: table.id,
  attempts: table.attempts,
  expiresAt: table.expiresAt,
  usedAt: table.usedAt,
  voidedAt: table.voidedAt,
});

/** The typed columns of a write, for a table known here only by the columns it shares. */
const setOf = <T extends LoginCodeTable>(_table: T, values: Record<string, unknown>) => values as PgUpdateSetSource<T>;

function refusal(row: CodeRow, now: Date): string | null {
  if (row.usedAt) return USED_CODE;
  if (row.voidedAt) return row.attempts >= MAX_WRONG_TRIES ? TOO_MANY_TRIES : REPLACED_CODE;
  if (row.expiresAt <= now) return EXPIRED_CODE;
  return null;
}

/** A wrong try counts against the address's live code; the fifth voids it. */
async function countWrongTry(db: Database, table: LoginCodeTable, email: string, now: Date): Promise<void> {
  const attempts = sql`${table.attempts} + 1`;
  await db
    .update(table)
    .set(
      setOf(table, {
        attempts,
        voidedAt: sql`case when ${attempts} >= ${MAX_WRONG_TRIES} then ${now.toISOString()}::timestamptz else null end`,
      }),
    )
    .where(and(eq(table.email, email), isNull(table.usedAt), isNull(table.voidedAt), gt(table.expiresAt, now)));
}

/**
 * The e-mailed code's check, one for shoppers and operators: `codeHash` must be the address's
 * latest code with that hash, unused, not voided and not expired, else the sign-in is refused
 * with a 401 that says which (a wrong code counts against the live one). The code is then claimed
 * by a conditional UPDATE inside the transaction that `signIn` completes, so of any number of
 * simultaneous correct submissions exactly one signs in; the rest find it used. `signIn` may
 * refuse too (the account is gone), which gives the code back with its transaction.
 */
export async function claimLoginCode<T>(
  db: Database,
  table: LoginCodeTable,
  { email, codeHash }: { email: string; codeHash: string },
  now: Date,
  signIn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const [match] = (await db
    .select(rowOf(table))
    .from(table)
    .where(and(eq(table.email, email), eq(table.codeHash, codeHash)))
    .orderBy(desc(table.createdAt))
    .limit(1)) as CodeRow[];
  if (!match) {
    await countWrongTry(db, table, email, now);
    throw unauthorized(INCORRECT_CODE);
  }
  const refused = refusal(match, now);
  if (refused) throw unauthorized(refused);

  const outcome = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(table)
      .set(setOf(table, { usedAt: now }))
      .where(and(eq(table.id, match.id), isNull(table.usedAt), isNull(table.voidedAt), gt(table.expiresAt, now)))
      .returning({ id: table.id });
    return claimed.length === 0 ? null : { signedIn: await signIn(tx) };
  });
  if (outcome) return outcome.signedIn;
  // Another request claimed or voided the code between the read and the claim.
  const [latest] = (await db.select(rowOf(table)).from(table).where(eq(table.id, match.id))) as CodeRow[];
  throw unauthorized((latest && refusal(latest, now)) ?? USED_CODE);
}
