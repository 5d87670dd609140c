import type { OperatorRole, TeamMember, UpdateOperatorRequest } from '@gvm/contract';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type OperatorRow, operators } from '../../db/schema/operators';
import { conflict, notFound } from '../../lib/errors';
import { type Actor, recordAudit } from './audit';
import { endSessionsOf } from './sessions';

export const ALREADY_AN_OPERATOR = 'This address already belongs to an operator.';
export const LAST_ADMIN =
  'This is the last admin: the last admin cannot be demoted or disabled. Make another operator an admin first.';
export const CONFIGURED_ADMIN =
  'This operator is named in OPS_ADMINS and is always an admin: change the configuration to change that.';
const NO_SUCH_OPERATOR = 'There is no such operator.';

/** An operator as the Team page shows them: never their secret. */
export function teamMember(row: OperatorRow): TeamMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabledAt !== null,
    twoStepSetUp: row.totpConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTeam(db: Database): Promise<TeamMember[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.email));
  return rows.map(teamMember);
}

/**
 * Invites an operator: the address can then sign in. The unique address makes simultaneous
 * invitations of one address create one operator; the others are told it exists. Audited in
 * the same transaction.
 */
export async function inviteOperator(
  db: Database,
  config: Config,
  actor: Actor,
  { email, role }: { email: string; role: OperatorRole },
  now: Date,
): Promise<TeamMember> {
  if (config.opsAdmins.includes(email) && role !== 'admin') throw conflict(CONFIGURED_ADMIN);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ email, role, invitedBy: actor.operatorId, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: operators.email })
      .returning();
    if (!created) throw conflict(ALREADY_AN_OPERATOR);
    await recordAudit(
      tx,
      actor,
      { action: 'operator.invite', targetType: 'operator', targetId: created.id, after: { email, role } },
      now,
    );
    return teamMember(created);
  });
}

type Change = {
  role?: OperatorRole | undefined;
  disabled?: boolean | undefined;
  resetTwoStep?: true | undefined;
  reason?: string | undefined;
};

/**
 * Changes an operator's role, disables or enables them, or resets their two-step verification
 * (which ends their sessions: they set up a new authenticator at their next sign-in). The enabled admins and the target are
 * locked together first, so two admins demoting each other at once cannot leave none: the last
 * admin is never demoted or disabled (409). Disabling ends the operator's sessions in the same
 * transaction. Each change is audited with its before and after; a refused change writes nothing.
 */
export async function updateOperator(
  db: Database,
  config: Config,
  actor: Actor,
  operatorId: string,
  change: UpdateOperatorRequest & Change,
  now: Date,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(operators)
      .where(or(eq(operators.id, operatorId), and(eq(operators.role, 'admin'), isNull(operators.disabledAt))))
      .orderBy(asc(operators.id))
      .for('update');
    const target = locked.find((row) => row.id === operatorId);
    if (!target) throw notFound(NO_SUCH_OPERATOR);
    const role = change.role ?? target.role;
    const disabled = change.disabled ?? target.disabledAt !== null;
    const wasActiveAdmin = target.role === 'admin' && target.disabledAt === null;
    const staysActiveAdmin = role === 'admin' && !disabled;
    if (wasActiveAdmin && !staysActiveAdmin) {
      if (config.opsAdmins.includes(target.email)) throw conflict(CONFIGURED_ADMIN);
      const activeAdmins = locked.filter((row) => row.role === 'admin' && row.disabledAt === null);
      if (activeAdmins.length <= 1) throw conflict(LAST_ADMIN);
    }
    const reason = change.reason || null;
    const subject = { targetType: 'operator', targetId: target.id, reason };
    let updated = target;
    if (role !== target.role) {
      [updated = target] = await tx
        .update(operators)
        .set({ role, updatedAt: now })
        .where(eq(operators.id, target.id))
        .returning();
      await recordAudit(
        tx,
        actor,
        { action: 'operator.role-change', ...subject, before: { role: target.role }, after: { role } },
        now,
      );
    }
    if (disabled !== (target.disabledAt !== null)) {
      [updated = target] = await tx
        .update(operators)
        .set({ disabledAt: disabled ? now : null, updatedAt: now })
        .where(eq(operators.id, target.id))
        .returning();
      if (disabled) await endSessionsOf(tx, target.id, now);
      await recordAudit(
        tx,
        actor,
        {
          action: disabled ? 'operator.disable' : 'operator.enable',
          ...subject,
          before: { disabled: !disabled },
          after: { disabled },
        },
        now,
      );
    }
    if (change.resetTwoStep) {
      // The kept time step stays: a code of the old key can never be replayed against a new one.
      [updated = target] = await tx
        .update(operators)
        .set({ totpSecretSealed: null, totpConfirmedAt: null, updatedAt: now })
        .where(eq(operators.id, target.id))
        .returning();
      await endSessionsOf(tx, target.id, now);
      await recordAudit(
        tx,
        actor,
        {
          action: 'operator.two-step-reset',
          ...subject,
          before: { twoStepSetUp: target.totpConfirmedAt !== null },
          after: { twoStepSetUp: false },
        },
        now,
      );
    }
    return teamMember(updated);
  });
}
