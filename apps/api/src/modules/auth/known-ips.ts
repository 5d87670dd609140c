import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signInIps } from '../../db/schema/users';
import { hashSignInIp } from './secrets';

/**
 * The IP addresses an account has signed in from (decision 020). A code request from one of them
 * has a budget of its own, so five requests from strangers cannot lock the owner out of code
 * sign-in. Only a completed sign-in adds an address: asking for codes never does.
 */
export async function rememberSignInIp(tx: Executor, secret: string, userId: string, ip: string, now: Date) {
  await tx
    .insert(signInIps)
    .values({ userId, ipHash: hashSignInIp(secret, userId, ip), firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [signInIps.userId, signInIps.ipHash], set: { lastSeenAt: now } });
}

export async function isKnownSignInIp(tx: Executor, secret: string, userId: string, ip: string): Promise<boolean> {
  const [row] = await tx
    .select({ known: sql<number>`1` })
    .from(signInIps)
    .where(and(eq(signInIps.userId, userId), eq(signInIps.ipHash, hashSignInIp(secret, userId, ip))));
  return row !== undefined;
}
