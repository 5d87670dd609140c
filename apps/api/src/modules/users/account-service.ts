import type { CurrentUser } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type UserRow, users } from '../../db/schema/users';
import { AppError, unauthorized } from '../../lib/errors';

export const ACCOUNT_UPDATED = 'Your account details have been updated.';

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    consumer: { name: user.name, phoneNumber: user.phoneNumber },
    role: user.role,
  };
}

/** A valid token for an account that no longer exists is a session that has ended. */
const ACCOUNT_GONE = 'Your session has ended. Please log in again.';

export async function getCurrentUser(db: Executor, userId: string): Promise<CurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized(ACCOUNT_GONE);
  return toCurrentUser(user);
}

export interface AccountDetailsChange {
  name: string | undefined;
  /** null clears the phone number; undefined leaves it as it is. */
  phoneNumber: string | null | undefined;
}

/** Settings (docs/product/accounts.md#account-and-settings): the name and phone only; username and e-mail are read-only. */
export async function updateAccountDetails(
  db: Executor,
  userId: string,
  change: AccountDetailsChange,
  now: Date,
): Promise<CurrentUser> {
  if (change.name === undefined && change.phoneNumber === undefined) {
    throw new AppError('VALIDATION', 'Nothing to update');
  }
  const [user] = await db
    .update(users)
    .set({
      ...(change.name !== undefined && { name: change.name }),
      ...(change.phoneNumber !== undefined && { phoneNumber: change.phoneNumber }),
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw unauthorized(ACCOUNT_GONE);
  return toCurrentUser(user);
}
