import type { OperatorPendingSession, OperatorSession, OperatorTotpSetup } from '@gvm/contract';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { loginCodeEmail } from '../../adapters/mail/templates';
import { createVoucherCipher } from '../../adapters/vouchers';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { operatorLoginCodes, operatorSessions, operators } from '../../db/schema/operators';
import { AppError, conflict, unauthorized } from '../../lib/errors';
import {
  CODES_PER_ADDRESS_PER_HOUR,
  claimLoginCode,
  hashLoginCode,
  INCORRECT_CODE,
  LOGIN_CODE_TTL_MS,
  MAX_WRONG_TRIES,
  newLoginCode,
  unmatchableCodeHash,
} from '../auth';
import { recordAudit } from './audit';
import {
  endSession,
  PENDING_SESSION_MS,
  SESSION_ENDED,
  SESSION_MAX_MS,
  type SignedInOperator,
  startSession,
} from './sessions';
import { matchingTimeStep, newTotpSecret, totpUri } from './totp';

const HOUR_MS = 60 * 60 * 1000;

export const INCORRECT_AUTHENTICATOR_CODE = 'The authenticator code is incorrect';
export const USED_AUTHENTICATOR_CODE = 'This authenticator code has already been used. Please wait for the next one.';
export const TOO_MANY_AUTHENTICATOR_TRIES = 'Too many incorrect authenticator codes. Please sign in again.';
const SET_UP_FIRST = 'Please set up two-step verification first.';
const ALREADY_SET_UP = 'Two-step verification is already set up for this operator.';

/**
 * Operator codes are hashed by the shopper's helper but bound to `operator:<email>`, so a row of
 * one table can never stand for a row of the other (decision 045).
 */
const hashOperatorCode = (config: Config, email: string, code: string) =>
  hashLoginCode(config.jwtSecret, `operator:${email}`, code);

/** The TOTP secret at rest: the voucher cipher's AES-256-GCM, with its key (decision 045). */
const cipherOf = (config: Config) => createVoucherCipher(config.voucherEncryptionKey);

/**
 * An address named in OPS_ADMINS becomes an admin, or is made one again, when it asks for a code
 * (docs/product/operators.md#operators-and-roles); the change is audited as the operator's own.
 */
async function ensureConfiguredAdmin(tx: Executor, email: string, ip: string, now: Date): Promise<void> {
  const [existing] = await tx.select().from(operators).where(eq(operators.email, email)).for('update');
  if (existing && existing.role === 'admin' && existing.disabledAt === null) return;
  const [admin] = existing
    ? await tx
        .update(operators)
        .set({ role: 'admin', disabledAt: null, updatedAt: now })
        .where(eq(operators.id, existing.id))
        .returning()
    : await tx.insert(operators).values({ email, role: 'admin', createdAt: now, updatedAt: now }).returning();
  if (!admin) throw new Error('the configured admin was not saved');
  await recordAudit(
    tx,
    { operatorId: admin.id, role: 'admin', ip },
    {
      action: 'operator.admin-from-config',
      targetType: 'operator',
      targetId: admin.id,
      reason: 'Named in OPS_ADMINS',
      before: existing ? { role: existing.role, disabled: existing.disabledAt !== null } : null,
      after: { email, role: 'admin', disabled: false },
    },
    now,
  );
}

/**
 * E-mails a sign-in code to an enabled operator. Any other address gets the same answer and no
 * e-mail, but leaves a row that no code matches, so it counts towards the per-address limit and
 * a sign-in attempt behaves the same (no enumeration of staff addresses). 5 codes an hour per
 * address, as for shoppers (docs/product/accounts.md#sign-in-by-code).
 */
export async function requestOperatorCode(
  db: Database,
  config: Config,
  { email, ip }: { email: string; ip: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`operator-code:${email}`}))`);
    if (config.opsAdmins.includes(email)) await ensureConfiguredAdmin(tx, email, ip, now);
    const [operator] = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.email, email), isNull(operators.disabledAt)));
    const [recent] = await tx
      .select({ total: count() })
      .from(operatorLoginCodes)
      .where(
        and(eq(operatorLoginCodes.email, email), gt(operatorLoginCodes.createdAt, new Date(now.getTime() - HOUR_MS))),
      );
    if ((recent?.total ?? 0) >= CODES_PER_ADDRESS_PER_HOUR) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many verification codes have been requested for this email. Please wait up to an hour and try again.',
      );
    }
    await tx
      .update(operatorLoginCodes)
      .set({ voidedAt: now })
      .where(
        and(
          eq(operatorLoginCodes.email, email),
          isNull(operatorLoginCodes.usedAt),
          isNull(operatorLoginCodes.voidedAt),
        ),
      );
    const code = operator ? newLoginCode() : null;
    await tx.insert(operatorLoginCodes).values({
      email,
      codeHash: code ? hashOperatorCode(config, email, code) : unmatchableCodeHash(),
      expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
      createdAt: now,
    });
    if (code) await enqueueMail(tx, { to: email, ...loginCodeEmail({ code }) });
  });
}

/**
 * The e-mailed code, checked and claimed once as a shopper's is (`claimLoginCode`: of simultaneous
 * correct submissions exactly one wins), gives a pending session: it may only set up or check the
 * authenticator.
 */
export async function verifyOperatorCode(
  db: Database,
  config: Config,
  { email, code }: { email: string; code: string },
  now: Date,
): Promise<OperatorPendingSession> {
  const codeHash = hashOperatorCode(config, email, code);
  return claimLoginCode(db, operatorLoginCodes, { email, codeHash }, now, async (tx) => {
    const [operator] = await tx
      .select()
      .from(operators)
      .where(and(eq(operators.email, email), isNull(operators.disabledAt)));
    if (!operator) throw unauthorized(INCORRECT_CODE);
    const expiresAt = new Date(now.getTime() + PENDING_SESSION_MS);
    const { token } = await startSession(tx, { operatorId: operator.id, stage: 'pending', expiresAt }, now);
    return {
      token,
      next: operator.totpConfirmedAt ? ('totp' as const) : ('totp-setup' as const),
      expiresAt: expiresAt.toISOString(),
    };
  });
}

/**
 * The authenticator's set-up, offered until its first code is accepted. Asking again before then
 * answers the same key, so a reloaded page shows what the app already holds.
 */
export async function setUpTotp(
  db: Database,
  config: Config,
  operator: SignedInOperator,
  now: Date,
): Promise<OperatorTotpSetup> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(operators).where(eq(operators.id, operator.operatorId)).for('update');
    if (!row) throw unauthorized(SESSION_ENDED);
    if (row.totpConfirmedAt) throw conflict(ALREADY_SET_UP);
    const cipher = cipherOf(config);
    let secret: string;
    if (row.totpSecretSealed) {
      secret = cipher.open(row.totpSecretSealed);
    } else {
      secret = newTotpSecret();
      await tx
        .update(operators)
        .set({ totpSecretSealed: cipher.seal(secret), updatedAt: now })
        .where(eq(operators.id, row.id));
    }
    return { otpauthUri: totpUri(secret, row.email), setupKey: secret };
  });
}

type TotpOutcome =
  | { kind: 'signed-in'; session: OperatorSession }
  | { kind: 'refused'; message: string; code: 'UNAUTHORIZED' | 'CONFLICT' };

/**
 * The authenticator code turns a pending session into a full one (8 hours from the e-mailed
 * code at most). A code works once: its time step is kept, and only a later step is accepted
 * after it; the operator's row lock makes two simultaneous submissions of one code see each
 * other. The fifth wrong code ends the pending session. The first accepted code completes the
 * set-up. Both are audited with the sign-in, in its transaction.
 */
export async function verifyTotp(
  db: Database,
  config: Config,
  operator: SignedInOperator,
  { code, ip }: { code: string; ip: string },
  now: Date,
): Promise<OperatorSession> {
  const outcome = await db.transaction(async (tx): Promise<TotpOutcome> => {
    const [row] = await tx.select().from(operators).where(eq(operators.id, operator.operatorId)).for('update');
    const [session] = await tx
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.id, operator.sessionId))
      .for('update');
    if (!row || row.disabledAt || !session || session.endedAt || session.stage !== 'pending') {
      return { kind: 'refused', message: SESSION_ENDED, code: 'UNAUTHORIZED' };
    }
    if (!row.totpSecretSealed) return { kind: 'refused', message: SET_UP_FIRST, code: 'CONFLICT' };
    const step = await matchingTimeStep(cipherOf(config).open(row.totpSecretSealed), code, now);
    if (step !== null && row.totpLastStep !== null && step <= row.totpLastStep) {
      return { kind: 'refused', message: USED_AUTHENTICATOR_CODE, code: 'UNAUTHORIZED' };
    }
    if (step === null) {
      const attempts = session.totpAttempts + 1;
      await tx
        .update(operatorSessions)
        .set({ totpAttempts: attempts, ...(attempts >= MAX_WRONG_TRIES ? { endedAt: now } : {}) })
        .where(eq(operatorSessions.id, session.id));
      const message = attempts >= MAX_WRONG_TRIES ? TOO_MANY_AUTHENTICATOR_TRIES : INCORRECT_AUTHENTICATOR_CODE;
      return { kind: 'refused', message, code: 'UNAUTHORIZED' };
    }
    const firstTime = row.totpConfirmedAt === null;
    await tx
      .update(operators)
      .set({ totpLastStep: step, totpConfirmedAt: row.totpConfirmedAt ?? now, updatedAt: now })
      .where(eq(operators.id, row.id));
    await endSession(tx, session.id, now);
    const expiresAt = new Date(session.createdAt.getTime() + SESSION_MAX_MS);
    const { token, sessionId } = await startSession(tx, { operatorId: row.id, stage: 'full', expiresAt }, now);
    const actor = { operatorId: row.id, role: row.role, ip };
    if (firstTime) {
      await recordAudit(
        tx,
        actor,
        { action: 'operator.two-step-set-up', targetType: 'operator', targetId: row.id, after: { twoStepSetUp: true } },
        now,
      );
    }
    await recordAudit(
      tx,
      actor,
      { action: 'operator.sign-in', targetType: 'operator-session', targetId: sessionId, after: { email: row.email } },
      now,
    );
    return { kind: 'signed-in', session: { token, expiresAt: expiresAt.toISOString() } };
  });
  // Refusals after the transaction, so a counted wrong try is kept.
  if (outcome.kind === 'refused') throw new AppError(outcome.code, outcome.message);
  return outcome.session;
}

/** Ends the caller's session; a full session's end is audited. */
export async function signOutOperator(db: Database, operator: SignedInOperator, ip: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await endSession(tx, operator.sessionId, now);
    if (operator.stage !== 'full') return;
    await recordAudit(
      tx,
      { operatorId: operator.operatorId, role: operator.role, ip },
      { action: 'operator.sign-out', targetType: 'operator-session', targetId: operator.sessionId },
      now,
    );
  });
}
