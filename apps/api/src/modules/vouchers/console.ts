import type { OpsVoucherState } from '@gvm/contract';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { voucherCodeReissuedEmail } from '../../adapters/mail/templates';
import { supplierLabel } from '../../adapters/suppliers';
import { createVoucherCipher, newVoucherCode, newVoucherPin } from '../../adapters/vouchers';
import type { App } from '../../app-types';
import type { Database, Executor } from '../../db/client';
import { type OrderRow, orders } from '../../db/schema/vouchers';
import type { PeriodicTask } from '../../jobs/periodic-tasks';
import { conflict, notFound } from '../../lib/errors';
import { codeLastFourOf, lastFourOf } from './last-four';
import { redemptionUrlOf } from './service';

/**
 * What the operator console reads and does to vouchers (docs/product/operators.md#customers). An
 * operator sees only a code's last four characters, kept beside the sealed code (decision 048),
 * so a search by them needs no decryption and no code is ever opened for an operator.
 */

export const VOUCHER_NOT_FOUND_MESSAGE = 'Voucher not found';
export const REISSUE_UNUSABLE_MESSAGE =
  'Only a voucher still held (not exchanged, converted, refunded or void) can have its code reissued';
export const REISSUE_UNCLAIMED_MESSAGE =
  'This gift has not been claimed yet: nobody holds its code. Correct the recipient or resend the gift instead.';
export const REISSUE_NO_CODE_MESSAGE =
  'This voucher has no code yet: its code is bought from the supplier when its holder activates it.';
/** A card bought from a real supplier is theirs to replace (decision 068): a code made here would be refused at the till. */
export const reissueSupplierCodeMessage = (supplier: string) =>
  `This code was bought from ${supplierLabel(supplier)}: only they can replace it. Void the voucher if its code leaked.`;

/**
 * A voucher's state in the console's words, the same on the customer pages and the money pages
 * (decisions 048, 049). Refunds and voids (the console's money tools) set `status`;
 * the holder's own actions set the flags: an activated voucher stays `activated`, an exchanged one
 * is `swapped`, a converted one is deactivated without being swapped.
 */
export function voucherStateOf(
  order: Pick<OrderRow, 'status' | 'activatedAt' | 'swapped' | 'deactivated'>,
): OpsVoucherState {
  if (order.status === 'refunded') return 'refunded';
  if (order.status === 'void') return 'void';
  if (order.swapped) return 'exchanged';
  if (order.deactivated) return 'converted';
  if (order.activatedAt !== null) return 'activated';
  return 'active';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LAST_FOUR = /^[0-9A-Za-z]{4}$/;

/**
 * Vouchers a console search names: by order id (a voucher's id, or the checkout that paid for it)
 * or by the last four characters of the code. Newest first.
 */
export async function searchVouchers(db: Executor, query: string, limit = 50): Promise<OrderRow[]> {
  const term = query.trim();
  const conditions = [];
  if (UUID.test(term)) {
    const id = term.toLowerCase();
    conditions.push(eq(orders.id, id), eq(orders.checkoutSessionId, id));
  }
  const compact = term.replace(/[\s-]/g, '');
  if (LAST_FOUR.test(compact)) conditions.push(eq(orders.codeLast4, compact.toUpperCase()));
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(or(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The vouchers a customer holds or bought, newest first. */
export async function vouchersOfCustomer(db: Executor, userId: string, limit = 200): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(or(eq(orders.ownerId, userId), eq(orders.buyerId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** One voucher and the voucher an exchange replaced it with (if any). */
export async function findVoucherWithReplacement(
  db: Executor,
  voucherId: string,
): Promise<{ voucher: OrderRow; replacement: OrderRow | null } | null> {
  if (!UUID.test(voucherId)) return null;
  const id = voucherId.toLowerCase();
  const rows = await db
    .select()
    .from(orders)
    .where(or(eq(orders.id, id), eq(orders.replacesOrderId, id)));
  const voucher = rows.find((row) => row.id === id);
  if (!voucher) return null;
  return { voucher, replacement: rows.find((row) => row.replacesOrderId === id) ?? null };
}

/** A reissue asked for a code that has already been replaced (by a repeat of it, or by someone else). */
const reissuedAlreadyMessage = (expected: string, current: string) =>
  `This voucher's code no longer ends ${expected}: it has already been reissued and now ends ${current}.`;

/** A new code whose last four differ from `before`, so that every reissue changes what an operator sees. */
function newCodeNotEnding(before: string): string {
  for (;;) {
    const code = newVoucherCode();
    if (lastFourOf(code) !== before) return code;
  }
}

/**
 * 'Reissue code' (docs/product/operators.md#customers): a new code (and PIN) for the holder of a
 * voucher still held, the old one dead, in the caller's transaction under the voucher's row lock.
 * It happens only while the code still ends in `expectedLast4`, the last four the operator saw,
 * and the new code never ends in the same four: requests that repeat one reissue (a double press,
 * fifty at once) wait on the lock and are refused (409), so the code changes once, with one
 * e-mail (decision 053). The holder is e-mailed that the code changed and where to see the new
 * one; the new code is never answered (the operator must not see it). Answers the last four
 * before and after.
 */
export async function reissueVoucherCode(
  tx: Executor,
  deps: { encryptionKey: string; publicUrl: string; findHolderEmail: (userId: string) => Promise<string | null> },
  voucherId: string,
  expectedLast4: string,
): Promise<{ voucher: OrderRow; before: string; after: string }> {
  if (!UUID.test(voucherId)) throw notFound(VOUCHER_NOT_FOUND_MESSAGE);
  const [locked] = await tx.select().from(orders).where(eq(orders.id, voucherId.toLowerCase())).for('update');
  if (!locked) throw notFound(VOUCHER_NOT_FOUND_MESSAGE);
  const state = voucherStateOf(locked);
  if (state !== 'active' && state !== 'activated') throw conflict(REISSUE_UNUSABLE_MESSAGE);
  if (!locked.ownerId) throw conflict(REISSUE_UNCLAIMED_MESSAGE);
  const before = codeLastFourOf(deps.encryptionKey, locked);
  if (before === null) throw conflict(REISSUE_NO_CODE_MESSAGE);
  // The simulator's codes, like those made here before suppliers, are ours to remake.
  if (locked.supplier !== null && locked.supplier !== 'simulator') {
    throw conflict(reissueSupplierCodeMessage(locked.supplier));
  }
  const cipher = createVoucherCipher(deps.encryptionKey);
  const expected = lastFourOf(expectedLast4);
  if (expected !== before) throw conflict(reissuedAlreadyMessage(expected, before));
  const code = newCodeNotEnding(before);
  const after = lastFourOf(code);
  const [voucher] = await tx
    .update(orders)
    .set({
      codeCiphertext: cipher.seal(code),
      codeLast4: after,
      pinCiphertext: locked.pinCiphertext === null ? null : cipher.seal(newVoucherPin()),
    })
    .where(eq(orders.id, locked.id))
    .returning();
  if (!voucher) throw new Error(`voucher ${locked.id} vanished under its lock`);
  const holderEmail = await deps.findHolderEmail(locked.ownerId);
  if (holderEmail) {
    await enqueueMail(tx, {
      to: holderEmail,
      ...voucherCodeReissuedEmail({
        merchantName: voucher.merchantName,
        value: voucher.value,
        currency: voucher.currency,
        newCodeLast4: after,
        voucherUrl: `${deps.publicUrl}${redemptionUrlOf(voucher.id)}`,
      }),
    });
  }
  return { voucher, before, after };
}

const BACKFILL_BATCH = 500;

/**
 * Fills `code_last4` for vouchers issued before migration 0012 (decision 048): SQL cannot open a
 * sealed code, so this reads them here, a batch at a time. Idempotent, and safe on several
 * instances at once (each row is written only while still empty). Answers how many were filled.
 */
export async function backfillCodeLast4(db: Database, encryptionKey: string): Promise<number> {
  const cipher = createVoucherCipher(encryptionKey);
  let filled = 0;
  for (;;) {
    const batch = await db
      .select({ id: orders.id, codeCiphertext: orders.codeCiphertext })
      .from(orders)
      .where(and(isNull(orders.codeLast4), isNotNull(orders.codeCiphertext)))
      .limit(BACKFILL_BATCH);
    if (batch.length === 0) return filled;
    const lastFours = batch.flatMap((row) =>
      row.codeCiphertext === null ? [] : [{ id: row.id, last4: lastFourOf(cipher.open(row.codeCiphertext)) }],
    );
    const cases = sql.join(
      lastFours.map((row) => sql`when ${row.id}::uuid then ${row.last4}`),
      sql` `,
    );
    await db
      .update(orders)
      .set({ codeLast4: sql`case ${orders.id} ${cases} end` })
      .where(
        and(
          inArray(
            orders.id,
            lastFours.map((row) => row.id),
          ),
          isNull(orders.codeLast4),
        ),
      );
    filled += batch.length;
  }
}

/**
 * The backfill as a worker's periodic task (decision 055): due at once on a database that has
 * never run it, then daily; each run finds nothing left after the first has filled every row.
 */
export function codeLast4BackfillTask(app: App): PeriodicTask {
  return {
    name: 'voucher-code-last4-backfill',
    everyMs: 24 * 60 * 60_000,
    leaseMs: 30 * 60_000,
    run: async () => {
      const filled = await backfillCodeLast4(app.db, app.appConfig.voucherEncryptionKey);
      if (filled > 0) app.log.info({ filled }, 'filled the last four characters of older voucher codes');
    },
  };
}
