import { eq, inArray } from 'drizzle-orm';
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
