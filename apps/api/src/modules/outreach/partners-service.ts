import type {
  ApplicationDetail,
  ApplicationListFilters,
  ApplicationStatus,
  ApplicationStatusRequest,
  ApplicationSummary,
  InboxOperator,
} from '@gvm/contract';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { partnershipApplicationNotes, partnershipApplications } from '../../db/schema/outreach';
import { conflict, notFound } from '../../lib/errors';
import { type Actor, operatorNames, recordAudit } from '../operators';
import { applicationAcceptedEmail, applicationRejectedEmail } from './inbox-mail';

export const NO_SUCH_APPLICATION = 'There is no such partnership application.';
export const ALREADY_DECIDED = 'This application has already been decided.';
export const ALREADY_IN_REVIEW = 'This application is already in review.';

type ApplicationRow = typeof partnershipApplications.$inferSelect;

/**
 * Which states each state may move to (docs/product/operators.md#partners): New → In review;
 * New or In review → Accepted or Rejected; a decision is final.
 */
const movesFrom: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  new: ['in-review', 'accepted', 'rejected'],
  'in-review': ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
};

/** The queue, newest first, by state. */
export async function listApplications(db: Executor, query: ApplicationListFilters): Promise<ApplicationSummary[]> {
  const conditions: SQL[] = query.status ? [eq(partnershipApplications.status, query.status)] : [];
  const rows = await db
    .select()
    .from(partnershipApplications)
    .where(and(...conditions))
    .orderBy(desc(partnershipApplications.createdAt), desc(partnershipApplications.id))
    .limit(query.limit);
  const ids = rows.map((row) => row.id);
  const noteCounts =
    ids.length === 0
      ? []
      : await db
          .select({ applicationId: partnershipApplicationNotes.applicationId, notes: count() })
          .from(partnershipApplicationNotes)
          .where(inArray(partnershipApplicationNotes.applicationId, ids))
          .groupBy(partnershipApplicationNotes.applicationId);
  const notesOf = new Map(noteCounts.map((row) => [row.applicationId, row.notes]));
  return rows.map((row) => ({
    id: row.id,
    companyName: row.companyName,
    contactName: row.contactName,
    businessEmail: row.businessEmail,
    businessCategory: row.businessCategory,
    status: row.status,
    notes: notesOf.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function applicationDetail(db: Executor, applicationId: string): Promise<ApplicationDetail> {
  const [row] = await db.select().from(partnershipApplications).where(eq(partnershipApplications.id, applicationId));
  if (!row) throw notFound(NO_SUCH_APPLICATION);
  return detailOf(db, row);
}

async function detailOf(db: Executor, row: ApplicationRow): Promise<ApplicationDetail> {
  const notes = await db
    .select()
    .from(partnershipApplicationNotes)
    .where(eq(partnershipApplicationNotes.applicationId, row.id))
    .orderBy(asc(partnershipApplicationNotes.createdAt), asc(partnershipApplicationNotes.id));
  const names = await operatorNames(db, [
    ...notes.map((note) => note.operatorId),
    ...(row.decidedBy ? [row.decidedBy] : []),
  ]);
  const named = (id: string): InboxOperator => names.get(id) ?? { id, email: '(unknown operator)' };
  return {
    id: row.id,
    companyName: row.companyName,
    contactName: row.contactName,
    businessEmail: row.businessEmail,
    phoneNumber: row.phoneNumber,
    companyWebsite: row.companyWebsite,
    businessCategory: row.businessCategory,
    aboutBusiness: row.aboutBusiness,
    status: row.status,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy ? named(row.decidedBy) : null,
    createdAt: row.createdAt.toISOString(),
    notes: notes.map((note) => ({
      id: note.id,
      operator: named(note.operatorId),
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    })),
  };
}

/** Adds an operator's note to an application, whatever its state, with its audit row. */
export async function addApplicationNote(
  db: Database,
  actor: Actor,
  applicationId: string,
  body: string,
  now: Date,
): Promise<ApplicationDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(partnershipApplications).where(eq(partnershipApplications.id, applicationId));
    if (!row) throw notFound(NO_SUCH_APPLICATION);
    const [note] = await tx
      .insert(partnershipApplicationNotes)
      .values({ applicationId, operatorId: actor.operatorId, body, createdAt: now })
      .returning({ id: partnershipApplicationNotes.id });
    if (!note) throw new Error('the note was not stored');
    await recordAudit(
      tx,
      actor,
      {
        action: 'partner.note',
        targetType: 'partner-application',
        targetId: applicationId,
        after: { noteId: note.id, body },
      },
      now,
    );
    return detailOf(tx, row);
  });
}

/**
 * Moves an application on, under the application's row lock: when two operators accept (or one
 * accepts, one rejects) at once, the second waits, then finds it decided and is refused, so the
 * applicant gets one e-mail (decision 050). The e-mail is queued in the same transaction.
 */
export async function setApplicationStatus(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  actor: Actor,
  applicationId: string,
  { status, reason }: ApplicationStatusRequest,
  now: Date,
): Promise<ApplicationDetail> {
  const decision = status === 'accepted' || status === 'rejected';
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(partnershipApplications)
      .where(eq(partnershipApplications.id, applicationId))
      .for('update');
    if (!current) throw notFound(NO_SUCH_APPLICATION);
    if (!movesFrom[current.status].includes(status)) {
      throw conflict(current.status === 'in-review' ? ALREADY_IN_REVIEW : ALREADY_DECIDED);
    }
    const [moved = current] = await tx
      .update(partnershipApplications)
      .set({ status, ...(decision ? { decidedAt: now, decidedBy: actor.operatorId } : {}) })
      .where(eq(partnershipApplications.id, applicationId))
      .returning();
    if (status === 'accepted') await enqueueMail(tx, { to: moved.businessEmail, ...applicationAcceptedEmail(config) });
    if (status === 'rejected') await enqueueMail(tx, { to: moved.businessEmail, ...applicationRejectedEmail() });
    await recordAudit(
      tx,
      actor,
      {
        action: actionOf[status],
        targetType: 'partner-application',
        targetId: applicationId,
        reason: reason ?? null,
        before: { status: current.status },
        after: { status },
      },
      now,
    );
    return detailOf(tx, moved);
  });
}

const actionOf = { 'in-review': 'partner.review', accepted: 'partner.accept', rejected: 'partner.reject' } as const;
