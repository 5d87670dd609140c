import { desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';

/** What another module may learn about an account it names: who to notify or write to. */
export interface UserContact {
  id: string;
  email: string;
  name: string;
}

/** The account with this e-mail address (stored normalised, so compared case-insensitively), or null. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserContact | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * Every account's id and (normalised) e-mail as a relation, for a statement part that writes for
 * the accounts of given addresses (decision 057): `join <relation> a on a.email = ...`.
 */
export function accountsByEmailRelation(): SQL {
  return sql`(select ${users.id} as id, ${users.email} as email from ${users})`;
}

/** The contacts of the given accounts that still exist, by id. */
export async function findUserContacts(db: Executor, ids: readonly string[]): Promise<Map<string, UserContact>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** An account as the operator console lists it (docs/product/operators.md#customers). */
export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  disabledAt: Date | null;
  createdAt: Date;
}

const summary = {
  id: users.id,
  email: users.email,
  name: users.name,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

/** `%` and `_` in a search are the characters themselves, not LIKE's wildcards. */
const likeEscaped = (fragment: string) => fragment.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Accounts whose e-mail contains `fragment` (any part, any case), newest first. */
export async function searchAccountsByEmail(db: Executor, fragment: string, limit = 20): Promise<AccountSummary[]> {
  return db
    .select(summary)
    .from(users)
    .where(ilike(users.email, `%${likeEscaped(fragment.trim().toLowerCase())}%`))
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

/** The accounts with these ids (as the console shows a voucher's buyer and holder). */
export async function findAccountSummaries(db: Executor, ids: readonly string[]): Promise<Map<string, AccountSummary>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(summary).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The whole account row as an operator may read it: no secret is kept on it. */
export async function findAccountProfile(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      username: users.username,
      phoneNumber: users.phoneNumber,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      lastSignInAt: users.lastSignInAt,
      googleSubject: users.googleSubject,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}
