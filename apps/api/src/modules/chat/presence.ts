import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatPresence } from '../../db/schema/chat';

/**
 * Who is connected to the chat (decision 051): rows per party and instance in `chat_presence`,
 * refreshed by the instance that holds the sockets. A party is online when some instance saw it
 * within PRESENCE_FRESH_MS, so an instance that died takes its rows with it after a minute.
 */
export const PRESENCE_FRESH_MS = 60_000;

export type PartyKind = 'shopper' | 'operator';

const freshSince = (now: Date) => new Date(now.getTime() - PRESENCE_FRESH_MS);

export async function markPresent(db: Executor, kind: PartyKind, partyId: string, instanceId: string, now: Date) {
  await db
    .insert(chatPresence)
    .values({ partyKind: kind, partyId, instanceId, seenAt: now })
    .onConflictDoUpdate({
      target: [chatPresence.partyKind, chatPresence.partyId, chatPresence.instanceId],
      set: { seenAt: now },
    });
}

export async function markAbsent(db: Executor, kind: PartyKind, partyId: string, instanceId: string) {
  await db
    .delete(chatPresence)
    .where(
      and(eq(chatPresence.partyKind, kind), eq(chatPresence.partyId, partyId), eq(chatPresence.instanceId, instanceId)),
    );
}

/** Refreshes every row this instance keeps (it still holds those sockets). */
export async function refreshInstance(db: Executor, instanceId: string, now: Date) {
  await db.update(chatPresence).set({ seenAt: now }).where(eq(chatPresence.instanceId, instanceId));
}

export async function clearInstance(db: Executor, instanceId: string) {
  await db.delete(chatPresence).where(eq(chatPresence.instanceId, instanceId));
}

/** The operators connected anywhere now. */
export async function onlineOperatorIds(db: Executor, now: Date): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: chatPresence.partyId })
    .from(chatPresence)
    .where(and(eq(chatPresence.partyKind, 'operator'), gt(chatPresence.seenAt, freshSince(now))));
  return new Set(rows.map((row) => row.id));
}

export async function anyOperatorOnline(db: Executor, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(chatPresence)
    .where(and(eq(chatPresence.partyKind, 'operator'), gt(chatPresence.seenAt, freshSince(now))))
    .limit(1);
  return row !== undefined;
}

/** Whether the shopper has the chat open somewhere (a connected socket on any instance). */
export async function isShopperWatching(db: Executor, shopperId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(chatPresence)
    .where(
      and(
        eq(chatPresence.partyKind, 'shopper'),
        eq(chatPresence.partyId, shopperId),
        gt(chatPresence.seenAt, freshSince(now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
