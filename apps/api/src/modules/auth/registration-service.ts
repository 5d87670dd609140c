import type { registerRequestSchema, SessionTokens } from '@gvm/contract';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { enqueueMail } from '../../adapters/mail/outbox';
import { existingAccountEmail, verificationEmail } from '../../adapters/mail/templates';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { emailVerifications, signupEmails, users } from '../../db/schema/users';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, conflict } from '../../lib/errors';
import { hashOpaqueToken, newOpaqueToken } from './secrets';
import { completeSignIn } from './session-service';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** At most 5 sign-up e-mails per address per hour, whether the address has an account or not. */
export const SIGNUP_EMAILS_PER_ADDRESS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
/** Google sign-up still answers 409 for a known account: only the holder of the Google token learns it. */
export const EMAIL_TAKEN = 'An account with this email already exists';
export const USERNAME_TAKEN = 'This username is taken';
export const INVALID_VERIFICATION_LINK = 'The verification link is invalid or expired. Please try signing up again.';
/** Decision 029: the link of the account the caller is signed in to, opened again. */
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const TOO_MANY_SIGNUP_EMAILS =
  'Too many sign-up emails have been sent to this address. Please wait up to an hour and try again.';

type Registration = z.output<typeof registerRequestSchema>;

/** Maps a lost race on a unique column to the same 409 the checks give. */
export function conflictFromUniqueViolation(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes('email')) throw conflict(EMAIL_TAKEN);
  if (constraint?.includes('username')) throw conflict(USERNAME_TAKEN);
  throw error;
}

/**
 * A sign-up answers the same for every address (decision 020): a new address gets its account
 * and a verification link; an address that already has an account gets an e-mail saying so, with
 * a link to sign in, and nothing about the account changes. Both write a row and queue one
 * e-mail in one transaction, and both count towards the per-address limit, so neither the answer,
 * nor the limit, nor the work done tells which addresses have accounts. A taken username is a 409
 * for every address (unless it is the unverified account's own, re-registering).
 *
 * An address that was registered but never verified nor signed in may register again: the
 * failure page tells the user to "try signing up again", so that must work; the account is
 * refreshed and a new link sent (a code sign-in would also verify it). No e-mail to an address
 * that has not been verified carries text the form supplied.
 */
export async function registerUser(db: Database, config: Config, input: Registration, now: Date): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Serialises sign-ups of one address: the count below sees every earlier e-mail, and two
      // simultaneous sign-ups of a new address both succeed (the second refreshes the first).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup:${input.email}`}))`);
      const [recent] = await tx
        .select({ total: count() })
        .from(signupEmails)
        .where(and(eq(signupEmails.email, input.email), gt(signupEmails.createdAt, new Date(now.getTime() - HOUR_MS))));
      if ((recent?.total ?? 0) >= SIGNUP_EMAILS_PER_ADDRESS_PER_HOUR) {
        throw new AppError('RATE_LIMITED', TOO_MANY_SIGNUP_EMAILS);
      }
      const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).for('update');
      const established =
        existing !== undefined && (existing.emailVerifiedAt !== null || existing.lastSignInAt !== null);
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.username, input.username));
      if (holder && (established || holder.id !== existing?.id)) throw conflict(USERNAME_TAKEN);
      await tx.insert(signupEmails).values({ email: input.email, createdAt: now });
      if (established) {
        await enqueueMail(tx, {
          to: input.email,
          ...existingAccountEmail({ email: input.email, publicUrl: config.publicUrl }),
        });
        return;
      }
      const fields = {
        username: input.username,
        name: input.consumer.name,
        role: input.role,
        personas: input.selectedPersonas,
        updatedAt: now,
      };
      const [user] = existing
        ? await tx.update(users).set(fields).where(eq(users.id, existing.id)).returning({ id: users.id })
        : await tx
            .insert(users)
            .values({ ...fields, email: input.email, createdAt: now })
            .returning({ id: users.id });
      if (!user) throw new Error('the account row was not written');
      const token = await createVerification(tx, user.id, now);
      await enqueueMail(tx, { to: input.email, ...verificationEmail({ token, publicUrl: config.publicUrl }) });
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

/**
 * Opens a verification link: single use, 24 hours, and it signs the user in. A link that no longer
 * works, opened by a caller signed in to its account (`callerId`), answers 409 'already verified'
 * (signing in verifies the address): it tells that caller nothing they do not know.
 */
export async function verifyEmail(
  db: Database,
  config: Config,
  { token, ip, callerId }: { token: string; ip: string; callerId?: string | null },
  now: Date,
): Promise<SessionTokens> {
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
    if (!verification) {
      if (callerId) {
        const [own] = await tx
          .select({ id: emailVerifications.id })
          .from(emailVerifications)
          .where(
            and(eq(emailVerifications.tokenHash, hashOpaqueToken(token)), eq(emailVerifications.userId, callerId)),
          );
        if (own) throw conflict(ALREADY_VERIFIED);
      }
      throw new AppError('VALIDATION', INVALID_VERIFICATION_LINK);
    }
    return completeSignIn(tx, config, { userId: verification.userId, ip }, now);
  });
}
