import type { CannedReply, CannedReplyUpdate } from '@gvm/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { type ChatCannedReplyRow, chatCannedReplies } from '../../db/schema/chat';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { type Actor, recordAudit } from '../operators';

/**
 * Canned replies (docs/product/support-chat.md#canned-replies): admins write them, operators
 * insert them with '/' and the name. Names are unique whatever their case. Every change is audited
 * with what the reply said before and after.
 */

export const NO_SUCH_CANNED_REPLY = 'There is no such canned reply.';
export const CANNED_NAME_TAKEN = 'A canned reply with this name already exists.';
const TARGET = 'chat_canned_reply';

const view = (row: ChatCannedReplyRow): CannedReply => ({
  id: row.id,
  name: row.name,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});
const audited = (row: ChatCannedReplyRow) => ({ name: row.name, body: row.body });

export async function listCannedReplies(db: Executor): Promise<CannedReply[]> {
  const rows = await db
    .select()
    .from(chatCannedReplies)
    .orderBy(asc(sql`lower(${chatCannedReplies.name})`));
  return rows.map(view);
}

/** A name already taken answers 409 (the unique index decides between simultaneous writes). */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) throw conflict(CANNED_NAME_TAKEN);
    throw error;
  }
}

export function createCannedReply(
  db: Database,
  actor: Actor,
  { name, body }: { name: string; body: string },
  now: Date,
): Promise<CannedReply> {
  return uniquely(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(chatCannedReplies)
        .values({
          name,
          body,
          createdBy: actor.operatorId,
          updatedBy: actor.operatorId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('the canned reply was not stored');
      await recordAudit(
        tx,
        actor,
        { action: 'chat.canned.create', targetType: TARGET, targetId: row.id, after: audited(row) },
        now,
      );
      return view(row);
    }),
  );
}

export function updateCannedReply(
  db: Database,
  actor: Actor,
  id: string,
  change: CannedReplyUpdate,
  now: Date,
): Promise<CannedReply> {
  return uniquely(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(chatCannedReplies).where(eq(chatCannedReplies.id, id)).for('update');
      if (!before) throw notFound(NO_SUCH_CANNED_REPLY);
      const [row] = await tx
        .update(chatCannedReplies)
        .set({ ...change, updatedBy: actor.operatorId, updatedAt: now })
        .where(eq(chatCannedReplies.id, id))
        .returning();
      if (!row) throw notFound(NO_SUCH_CANNED_REPLY);
      await recordAudit(
        tx,
        actor,
        {
          action: 'chat.canned.update',
          targetType: TARGET,
          targetId: id,
          before: audited(before),
          after: audited(row),
        },
        now,
      );
      return view(row);
    }),
  );
}

export async function deleteCannedReply(db: Database, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning();
    if (!row) throw notFound(NO_SUCH_CANNED_REPLY);
    await recordAudit(
      tx,
      actor,
      { action: 'chat.canned.delete', targetType: TARGET, targetId: id, before: audited(row) },
      now,
    );
  });
}
