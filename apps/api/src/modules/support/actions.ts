import type { OpsActionResult } from '@gvm/contract';
import type { Database } from '../../db/client';
import { setAccountDisabled, signOutEverywhere } from '../auth';
import { correctGiftRecipientAsOperator, type GiftMailDeps, resendGiftAsOperator } from '../gifts';
import { type Actor, recordAudit } from '../ops';
import { findUserContacts } from '../users';
import { reissueVoucherCode } from '../vouchers';

/**
 * The help an operator gives a customer (docs/product/operators.md#customers). Each change and
 * its audit row are one transaction: a refused change writes no row, and no row is written
 * without its change. Nothing secret goes into a row: a gift's name and address, a code's last
 * four characters, never a link, token or code.
 */

export interface SupportDeps {
  db: Database;
  clock: () => Date;
  /** Tells this instance's session registry that sessions ended (others learn within seconds). */
  sessionsEnded: (sessionIds: readonly string[]) => void;
  gifts: GiftMailDeps;
  encryptionKey: string;
  publicUrl: string;
}

const reasonOf = (reason: string | undefined) => reason?.trim() || null;

/** 'Sign out everywhere': every session of the customer ends at once. */
export async function signCustomerOutEverywhere(
  deps: SupportDeps,
  actor: Actor,
  userId: string,
  reason: string | undefined,
): Promise<OpsActionResult> {
  const now = deps.clock();
  const ended = await deps.db.transaction(async (tx) => {
    const sessions = await signOutEverywhere(tx, userId, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'customer.sign-out-everywhere',
        targetType: 'customer',
        targetId: userId,
        reason: reasonOf(reason),
        after: { sessionsEnded: sessions.length },
      },
      now,
    );
    return sessions;
  });
  deps.sessionsEnded(ended);
  return { message: `Signed out everywhere: ${ended.length} session${ended.length === 1 ? '' : 's'} ended.` };
}

/** 'Disable account' / 'Enable account' (a reason is required); disabling ends every session. */
export async function setCustomerDisabled(
  deps: SupportDeps,
  actor: Actor,
  userId: string,
  disabled: boolean,
  reason: string,
): Promise<OpsActionResult> {
  const now = deps.clock();
  const ended = await deps.db.transaction(async (tx) => {
    const { endedSessions } = await setAccountDisabled(tx, userId, disabled, now);
    await recordAudit(
      tx,
      actor,
      {
        action: disabled ? 'customer.disable' : 'customer.enable',
        targetType: 'customer',
        targetId: userId,
        reason: reasonOf(reason),
        before: { disabled: !disabled },
        after: { disabled, ...(disabled ? { sessionsEnded: endedSessions.length } : {}) },
      },
      now,
    );
    return endedSessions;
  });
  deps.sessionsEnded(ended);
  return { message: disabled ? 'The account has been disabled.' : 'The account has been enabled.' };
}

/** 'Resend gift e-mail': the sender's resend, with its daily limit, done by an operator. */
export async function resendGiftForCustomer(
  deps: SupportDeps,
  actor: Actor,
  voucherId: string,
  reason: string | undefined,
): Promise<OpsActionResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const result = await resendGiftAsOperator(tx, deps.gifts, voucherId, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'gift.resend',
        targetType: 'voucher',
        targetId: voucherId.toLowerCase(),
        reason: reasonOf(reason),
        after: result.gift,
      },
      now,
    );
    return { message: result.message };
  });
}

/** 'Correct recipient': a new name and address, a new link; the old link dies at once. */
export async function correctGiftRecipientForCustomer(
  deps: SupportDeps,
  actor: Actor,
  voucherId: string,
  request: { name: string; email: string; reason?: string | undefined },
): Promise<OpsActionResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const result = await correctGiftRecipientAsOperator(tx, deps.gifts, voucherId, request, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'gift.correct-recipient',
        targetType: 'voucher',
        targetId: voucherId.toLowerCase(),
        reason: reasonOf(request.reason),
        before: result.before,
        after: result.after,
      },
      now,
    );
    return { message: result.message };
  });
}

/** 'Reissue code': the holder gets a new code by e-mail, the old one dies; the operator sees last fours only. */
export async function reissueCodeForCustomer(
  deps: SupportDeps,
  actor: Actor,
  voucherId: string,
  reason: string,
): Promise<OpsActionResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const result = await reissueVoucherCode(
      tx,
      {
        encryptionKey: deps.encryptionKey,
        publicUrl: deps.publicUrl,
        findHolderEmail: async (userId) => (await findUserContacts(tx, [userId])).get(userId)?.email ?? null,
      },
      voucherId,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'voucher.reissue',
        targetType: 'voucher',
        targetId: result.voucher.id,
        reason: reasonOf(reason),
        before: { codeLast4: result.before },
        after: { codeLast4: result.after },
      },
      now,
    );
    return {
      message: `A new code ending ${result.after} has been e-mailed to the holder; the old code no longer works.`,
    };
  });
}
