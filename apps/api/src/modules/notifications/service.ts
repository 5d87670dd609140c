import type { Notification } from '@gvm/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { type Gate, gatedRecords, insertRowsWhen, type Keyed, type StatementPart } from '../../db/statement-parts';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/** The panel and the settings tab show recent activity; older notifications are not listed. */
const LIST_LIMIT = 100;

type NotificationRow = typeof notifications.$inferSelect;

function toNotification(row: NotificationRow): Notification {
  return { _id: row.id, message: row.message, read: row.read, createdAt: row.createdAt.toISOString() };
}

/**
 * Adds a notification for a user. Other modules call this with the transaction of the change the
 * notification reports, so it exists if and only if that change commits.
 */
export async function notifyUser(db: Executor, userId: string, message: string, at = new Date()): Promise<void> {
  await db.insert(notifications).values({ userId, message, createdAt: at });
}

/**
 * The part of a statement that adds notifications for each change the gate claimed (decisions
 * 057 and 062): the notifications of a change written in the same statement as the change.
 */
export function notifyUsersPart(
  gate: Gate,
  name: string,
  notes: readonly Keyed<{ userId: string; message: string; at: Date }>[],
): StatementPart {
  return {
    name,
    body: insertRowsWhen(
      notifications,
      notes.map(({ key, row }) => ({ key, row: { userId: row.userId, message: row.message, createdAt: row.at } })),
      gate,
    ),
  };
}

/**
 * The part of a statement that notifies the accounts of the given e-mail addresses, those that
 * have one, for each change the gate claimed (decisions 057 and 062); `accounts` is the users
 * module's relation of ids and normalised e-mails, and each note's `except` an account left out
 * (the one who caused the change).
 */
export function notifyAccountsByEmailPart(
  gate: Gate,
  name: string,
  accounts: SQL,
  notes: readonly Keyed<{ email: string; message: string; at: Date; except: string }>[],
): StatementPart {
  const rows = notes.map(({ key, row }) => ({
    key,
    row: {
      email: row.email.trim().toLowerCase(),
      message: row.message,
      at: row.at.toISOString(),
      except_user: row.except,
    },
  }));
  return {
    name,
    body: sql`insert into ${notifications} (user_id, message, created_at)
      select a.id, r.message, r.at
      from ${gatedRecords(gate, rows, sql`email text, message text, at timestamptz, except_user uuid`)}
      join ${accounts} a on a.email = r.email
      where a.id <> r.except_user`,
  };
}

/** Newest first. */
export async function listNotifications(db: Executor, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIST_LIMIT);
  return rows.map(toNotification);
}

/** Someone else's notification is answered exactly like a missing one: 404, nothing revealed. */
export async function markNotificationRead(
  db: Executor,
  userId: string,
  notificationId: string,
): Promise<Notification> {
  if (!isUuid(notificationId)) throw notFound('Notification not found');
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification not found');
  return toNotification(row);
}
