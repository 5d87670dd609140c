import type { AuditEntry, AuditPage, OperatorRole } from '@gvm/contract';
import { and, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { auditLog, operators } from '../../db/schema/operators';
import { toCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';

/** Who acted, from where: the signed-in operator of a request. */
export interface Actor {
  operatorId: string;
  role: OperatorRole;
  ip: string;
}

export interface AuditEvent {
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row (docs/product/operators.md#audit-trail). Always called with the
 * transaction that makes the change, so the row exists exactly when the change does. Callers
 * pass only what an operator may read: never a code, a secret or a token.
 */
export async function recordAudit(tx: Executor, actor: Actor, event: AuditEvent, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: actor.operatorId,
    role: actor.role,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    reason: event.reason ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    at,
    ip: actor.ip,
  });
}

/**
 * One operator change and its audit row in one transaction, at one time (`now`, read once). `work`
 * makes the change in `tx` and answers the result with the row to write, or `audit: null` when
 * it changed nothing (a repeat of a change already made), so a row exists exactly when a change does.
 */
export async function auditedChange<T>(
  db: Database,
  actor: Actor,
  now: Date,
  work: (tx: Executor) => Promise<{ result: T; audit: AuditEvent | null }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, audit } = await work(tx);
    if (audit) await recordAudit(tx, actor, audit, now);
    return result;
  });
}

export interface AuditFilters {
  operator?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A date alone is the whole UTC day: `from` its start, `to` its end. */
function boundsOf(filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from) conditions.push(gte(auditLog.at, new Date(filters.from)));
  if (filters.to) {
    conditions.push(
      DATE_ONLY.test(filters.to)
        ? lt(auditLog.at, new Date(Date.parse(filters.to) + DAY_MS))
        : lte(auditLog.at, new Date(filters.to)),
    );
  }
  return conditions;
}

function conditionsOf(filters: AuditFilters): SQL[] {
  return [
    ...(filters.operator ? [eq(auditLog.operatorId, filters.operator)] : []),
    ...(filters.action ? [eq(auditLog.action, filters.action)] : []),
    ...(filters.targetType ? [eq(auditLog.targetType, filters.targetType)] : []),
    ...(filters.targetId ? [eq(auditLog.targetId, filters.targetId)] : []),
    ...boundsOf(filters),
  ];
}

const INVALID_CURSOR = 'This page of the audit log is no longer valid. Please start again from the first page.';

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const moment = at ? new Date(at) : null;
  if (!moment || Number.isNaN(moment.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError('VALIDATION', INVALID_CURSOR, [{ path: 'before', message: INVALID_CURSOR }]);
  }
  return { at: moment, id };
}

const selection = {
  id: auditLog.id,
  operatorId: auditLog.operatorId,
  operatorEmail: operators.email,
  role: auditLog.role,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  reason: auditLog.reason,
  before: auditLog.before,
  after: auditLog.after,
  at: auditLog.at,
  ip: auditLog.ip,
};

type Selected = { at: Date } & Omit<AuditEntry, 'at'>;

const asEntry = (row: Selected): AuditEntry => ({ ...row, at: row.at.toISOString() });

/** The audit log newest first, a page at a time (`before` is the last page's cursor). */
export async function listAudit(
  db: Executor,
  filters: AuditFilters & { before?: string | undefined; limit: number },
): Promise<AuditPage> {
  const conditions = conditionsOf(filters);
  if (filters.before) {
    const cursor = decodeCursor(filters.before);
    const earlier = or(lt(auditLog.at, cursor.at), and(eq(auditLog.at, cursor.at), lt(auditLog.id, cursor.id)));
    if (earlier) conditions.push(earlier);
  }
  const rows = await db
    .select(selection)
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    entries: page.map(asEntry),
    nextCursor: rows.length > filters.limit && last ? encodeCursor(last.at, last.id) : null,
  };
}

export const AUDIT_CSV_MAX_ROWS = 10_000;

const csvColumns = [
  'at',
  'operator_email',
  'operator_id',
  'role',
  'action',
  'target_type',
  'target_id',
  'reason',
  'before',
  'after',
  'ip',
] as const;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The filtered audit log as CSV, newest first, at most AUDIT_CSV_MAX_ROWS rows. */
export async function auditCsv(db: Executor, filters: AuditFilters): Promise<string> {
  const rows = await db
    .select(selection)
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(...conditionsOf(filters)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_CSV_MAX_ROWS);
  return toCsv(
    csvColumns,
    rows.map((row) => [
      row.at.toISOString(),
      row.operatorEmail,
      row.operatorId,
      row.role,
      row.action,
      row.targetType,
      row.targetId,
      row.reason ?? '',
      json(row.before),
      json(row.after),
      row.ip,
    ]),
  );
}

/**
 * Every audit row about one target, oldest first: what operators did to a voucher, for its
 * timeline (docs/product/operators.md#customers). At most 500 rows.
 */
export async function auditTrailOf(db: Executor, targetType: string, targetId: string): Promise<AuditEntry[]> {
  const rows = await db
    .select(selection)
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.at, auditLog.id)
    .limit(500);
  return rows.map(asEntry);
}
