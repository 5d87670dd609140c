import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signInIps } from '../../db/schema/users';
import { hashSignInIp } from './secrets';

/**
 * How long an address an account signed in from stays known: a household's or an office's
 * address outlives a few months of absence only by chance (a new router, a new carrier), and the
 * hash of an address not used for this long is kept no longer than it serves (decision 020).
 */
export const KNOWN_SIGN_IN_IP_DAYS = 180;

function knownSince(now: Date): Date {
  return new Date(now.getTime() - KNOWN_SIGN_IN_IP_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * The IP addresses an account has signed in from (decision 020). A code request from one of them
 * has a budget of its own, so five requests from strangers cannot lock the owner out of code
 * sign-in. Only a completed sign-in adds an address: asking for codes never does. Each sign-in
 * also forgets the account's addresses not seen for KNOWN_SIGN_IN_IP_DAYS.
 */
export async function rememberSignInIp(tx: Executor, secret: string, userId: string, ip: string, now: Date) {
  await tx
    .insert(signInIps)
    .values({ userId, ipHash: hashSignInIp(secret, userId, ip), firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [signInIps.userId, signInIps.ipHash], set: { lastSeenAt: now } });
  await tx.delete(signInIps).where(and(eq(signInIps.userId, userId), lt(signInIps.lastSeenAt, knownSince(now))));
}

/** Whether the account signed in from `ip` within the last KNOWN_SIGN_IN_IP_DAYS. */
export async function isKnownSignInIp(
  tx: Executor,
  secret: string,
  userId: string,
  ip: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ known: sql<number>`1` })
    .from(signInIps)
    .where(
      and(
        eq(signInIps.userId, userId),
        eq(signInIps.ipHash, hashSignInIp(secret, userId, ip)),
        gte(signInIps.lastSeenAt, knownSince(now)),
      ),
    );
  return row !== undefined;
}
