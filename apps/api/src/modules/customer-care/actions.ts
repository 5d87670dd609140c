import type { OpsActionResult, OpsCorrectRecipientRequest, OpsReissueRequest } from '@gvm/contract';
import type { Database } from '../../db/client';
import { setAccountDisabled, signOutEverywhere } from '../auth';
import { correctGiftRecipientAsOperator, type GiftMailDeps, resendGiftAsOperator } from '../gifts';
import { type Actor, auditedChange } from '../operators';
import { findUserContacts } from '../users';
import { reissueVoucherCode } from '../vouchers';

/**
 * The help an operator gives a customer (docs/product/operators.md#customers). Each change and
 * its audit row are one transaction (`auditedChange`): a refused change writes no row, and no row
 * is written without its change. Nothing secret goes into a row: a gift's name and address, a
 * code's last four characters, never a link, token or code.
 */

export interface CustomerCareDeps {
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
  deps: CustomerCareDeps,
  actor: Actor,
  userId: string,
  reason: string | undefined,
): Promise<OpsActionResult> {
  const now = deps.clock();
  const ended = await auditedChange(deps.db, actor, now, async (tx) => {
    const sessions = await signOutEverywhere(tx, userId, now);
    return {
      result: sessions,
      audit: {
        action: 'customer.sign-out-everywhere',
        targetType: 'customer',
        targetId: userId,
        reason: reasonOf(reason),
        after: { sessionsEnded: sessions.length },
      },
    };
  });
  deps.sessionsEnded(ended);
  return { message: `Signed out everywhere: ${ended.length} session${ended.length === 1 ? '' : 's'} ended.` };
}

/** 'Disable account' / 'Enable account' (a reason is required); disabling ends every session. */
export async function setCustomerDisabled(
  deps: CustomerCareDeps,
  actor: Actor,
  userId: string,
  disabled: boolean,
  reason: string,
): Promise<OpsActionResult> {
  const now = deps.clock();
  const ended = await auditedChange(deps.db, actor, now, async (tx) => {
    const { endedSessions } = await setAccountDisabled(tx, userId, disabled, now);
    return {
      result: endedSessions,
      audit: {
        action: disabled ? 'customer.disable' : 'customer.enable',
        targetType: 'customer',
        targetId: userId,
        reason: reasonOf(reason),
        before: { disabled: !disabled },
        after: { disabled, ...(disabled ? { sessionsEnded: endedSessions.length } : {}) },
      },
    };
  });
  deps.sessionsEnded(ended);
  return { message: disabled ? 'The account has been disabled.' : 'The account has been enabled.' };
}

/**
 * 'Resend gift e-mail': the sender's resend, with its daily limit, done by an operator. Each
 * resend is a new e-mail by design; the gift's row lock makes the limit hold however many arrive
 * at once.
 */
export async function resendGiftForCustomer(
  deps: CustomerCareDeps,
  actor: Actor,
  voucherId: string,
  reason: string | undefined,
): Promise<OpsActionResult> {
  const now = deps.clock();
  return auditedChange(deps.db, actor, now, async (tx) => {
    const resent = await resendGiftAsOperator(tx, deps.gifts, voucherId, now);
    return {
      result: { message: resent.message },
      audit: {
        action: 'gift.resend',
        targetType: 'voucher',
        targetId: voucherId.toLowerCase(),
        reason: reasonOf(reason),
        after: resent.gift,
      },
    };
  });
}

/**
 * 'Correct recipient': a new name and address, a new link; the old link dies at once. The same
 * correction again (a double press) finds the gift already so addressed: it changes nothing, sends
 * nothing and writes no audit row, and answers as the first did.
 */
export async function correctGiftRecipientForCustomer(
  deps: CustomerCareDeps,
  actor: Actor,
  voucherId: string,
  request: OpsCorrectRecipientRequest,
): Promise<OpsActionResult> {
  const now = deps.clock();
  return auditedChange(deps.db, actor, now, async (tx) => {
    const corrected = await correctGiftRecipientAsOperator(tx, deps.gifts, voucherId, request, now);
    return {
      result: { message: corrected.message },
      audit: corrected.changed
        ? {
            action: 'gift.correct-recipient',
            targetType: 'voucher',
            targetId: voucherId.toLowerCase(),
            reason: reasonOf(request.reason),
            before: corrected.before,
            after: corrected.after,
          }
        : null,
    };
  });
}

/**
 * 'Reissue code': the holder gets a new code by e-mail, the old one dies; the operator sees last
 * fours only. Only while the code still ends in the four the operator saw (decision 053).
 */
export async function reissueCodeForCustomer(
  deps: CustomerCareDeps,
  actor: Actor,
  voucherId: string,
  request: OpsReissueRequest,
): Promise<OpsActionResult> {
  const now = deps.clock();
  return auditedChange(deps.db, actor, now, async (tx) => {
    const reissued = await reissueVoucherCode(
      tx,
      {
        encryptionKey: deps.encryptionKey,
        publicUrl: deps.publicUrl,
        findHolderEmail: async (userId) => (await findUserContacts(tx, [userId])).get(userId)?.email ?? null,
      },
      voucherId,
      request.codeLast4,
    );
    return {
      result: {
        message: `A new code ending ${reissued.after} has been e-mailed to the holder; the old code no longer works.`,
      },
      audit: {
        action: 'voucher.reissue',
        targetType: 'voucher',
        targetId: reissued.voucher.id,
        reason: reasonOf(request.reason),
        before: { codeLast4: reissued.before },
        after: { codeLast4: reissued.after },
      },
    };
  });
}
