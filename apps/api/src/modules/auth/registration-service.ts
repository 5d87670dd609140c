import type { registerRequestSchema, SessionTokens } from '@gvm/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { enqueueMail } from '../../adapters/mail/outbox';
import { verificationEmail } from '../../adapters/mail/templates';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { emailVerifications, users } from '../../db/schema/users';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, conflict } from '../../lib/errors';
import { hashOpaqueToken, newOpaqueToken } from './secrets';
import { completeSignIn } from './session-service';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_TAKEN = 'An account with this email already exists';
export const USERNAME_TAKEN = 'This username is taken';
export const INVALID_VERIFICATION_LINK = 'The verification link is invalid or expired. Please try signing up again.';

type Registration = z.output<typeof registerRequestSchema>;

/** Maps a lost race on a unique column to the same 409 the checks give. */
export function conflictFromUniqueViolation(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes('email')) throw conflict(EMAIL_TAKEN);
  if (constraint?.includes('username')) throw conflict(USERNAME_TAKEN);
  throw error;
}

/**
 * Creates the account and its verification link, and queues the e-mail, in one transaction.
 * An address that was registered but never verified nor signed in may register again: the
 * failure page tells the user to "try signing up again", so that must work; the account is
 * refreshed and a new link sent (a code sign-in would also verify it).
 */
export async function registerUser(db: Database, config: Config, input: Registration, now: Date): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).for('update');
      if (existing && (existing.emailVerifiedAt || existing.lastSignInAt)) throw conflict(EMAIL_TAKEN);
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.username, input.username));
      if (holder && holder.id !== existing?.id) throw conflict(USERNAME_TAKEN);
      const fields = {
        username: input.username,
        name: input.consumer.name,
        role: input.role,
        personas: input.selectedPersonas,
        updatedAt: now,
      };
      const [user] = existing
        ? await tx.update(users).set(fields).where(eq(users.id, existing.id)).returning()
        : await tx
            .insert(users)
            .values({ ...fields, email: input.email, createdAt: now })
            .returning();
      if (!user) throw new Error('the account row was not written');
      const token = await createVerification(tx, user.id, now);
      const message = verificationEmail({ name: user.name, token, publicUrl: config.publicUrl });
      await enqueueMail(tx, { to: user.email, ...message });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    conflictFromUniqueViolation(error);
  }
}

async function createVerification(tx: Executor, userId: string, now: Date): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(emailVerifications).values({
    userId,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    createdAt: now,
  });
  return token;
}

/** Opens a verification link: single use, 24 hours, and it signs the user in. */
export async function verifyEmail(db: Database, config: Config, token: string, now: Date): Promise<SessionTokens> {
  return db.transaction(async (tx) => {
    const [verification] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashOpaqueToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning();
    if (!verification) throw new AppError('VALIDATION', INVALID_VERIFICATION_LINK);
    return completeSignIn(tx, config, verification.userId, now);
  });
}
