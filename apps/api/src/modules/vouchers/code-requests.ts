import { ALREADY_ACTIVATED_MESSAGE, CODE_DELAY_MS, type CodeStatus, ORDER_NOT_FOUND_MESSAGE } from '@gvm/contract';
import { and, asc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { createVoucherCipher, usesPin } from '../../adapters/vouchers';
import type { Database, Executor } from '../../db/client';
import {
  type OrderRow,
  orders,
  supplierAlerts,
  type VoucherCodeRequestRow,
  voucherCodeRequests,
} from '../../db/schema/vouchers';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findSupplierFacts, supplierFactsSql } from '../catalog';
import { lastFourOf } from './last-four';

/**
 * A voucher's code bought from the supplier, exactly once (decision 068): the rows' side. The
 * request row's id is the voucher's, which is the supplier's idempotency key; an attempt holds
 * the row by a lease taken with one conditional UPDATE, so however often activation is asked for
 * (taps at once, two tabs, two web instances, the retry job), one request at a time goes to the
 * supplier for one voucher, and asking again with the same key can only answer the same card.
 * Locks are always taken order row first, then request row, so no two of these wait on each other.
 */

export const VOUCHER_INACTIVE_MESSAGE = 'This voucher is no longer active';
export const CODE_IN_FLIGHT_MESSAGE =
  'This voucher’s code is being bought from the supplier right now. Please try again in a minute.';
export const CODE_ON_ITS_WAY_MESSAGE =
  'This voucher’s code is on its way from the supplier: it can be exchanged, converted or refunded only if it has not come within 10 minutes.';

/** What one attempt needs to know: the claim it holds and the card to ask for. */
export interface CodeClaim {
  voucherId: string;
  /** The request's `attempts` after this claim: the claim's identity with `claimedBy`. */
  attempt: number;
  claimedBy: string;
  brand: string;
  faceValue: number;
  currency: string;
  expectsPin: boolean;
  merchantName: string;
  ownerId: string | null;
  requestedAt: Date;
}

/** Paid, status active, not swapped, not deactivated (as the service's own rule). */
function isUsable(order: OrderRow): boolean {
  return order.status === 'active' && !order.swapped && !order.deactivated;
}

const due = (now: Date): SQL | undefined =>
  and(
    eq(voucherCodeRequests.state, 'pending'),
    lte(voucherCodeRequests.nextAttemptAt, now),
    or(isNull(voucherCodeRequests.claimedUntil), lte(voucherCodeRequests.claimedUntil, now)),
  );

/** True while an attempt holds the request (its lease has not run out). */
export function attemptInFlight(request: Pick<VoucherCodeRequestRow, 'state' | 'claimedUntil'>, now: Date): boolean {
  return request.state === 'pending' && request.claimedUntil !== null && request.claimedUntil > now;
}

export function claimOf(request: VoucherCodeRequestRow, order: OrderRow, category: string | undefined): CodeClaim {
  return {
    voucherId: request.voucherId,
    attempt: request.attempts,
    claimedBy: request.claimedBy ?? '',
    brand: request.brand,
    faceValue: request.faceValue,
    currency: request.currency,
    expectsPin: category ? usesPin(category) : false,
    merchantName: order.merchantName,
    ownerId: order.ownerId,
    requestedAt: request.requestedAt,
  };
}

export type CodeAsk =
  | { kind: 'claimed'; claim: CodeClaim; order: OrderRow }
  /** An attempt is under way elsewhere, or the next one is scheduled: the code is on its way. */
  | { kind: 'waiting'; order: OrderRow; requestedAt: Date }
  /** The supplier refused the card for good: asking again changes nothing. */
  | { kind: 'failed'; order: OrderRow };

/** A raw row's timestamp, as either driver gives it (a Date, or text). */
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/**
 * Activation's claim in one statement, the common case (decision 068): the holder's usable,
 * unactivated voucher is locked, its request made (or reopened after the float ran out, or taken
 * over from an attempt whose lease ran out) and claimed by `workerId`, and the order marked as
 * asked, all only if the request is due and no attempt holds it. Answers the claim, or null when
 * nothing was claimed (someone else's voucher, activated, in flight, refused, no brand): the
 * caller then asks `askForCode`, which says which.
 */
async function claimAtOnce(
  db: Database,
  input: { userId: string; orderId: string; supplier: string; workerId: string; now: Date; leaseMs: number },
): Promise<{ claim: CodeClaim; order: OrderRow } | null> {
  const now = input.now.toISOString();
  const until = new Date(input.now.getTime() + input.leaseMs).toISOString();
  const facts = supplierFactsSql(sql`o.product_code`);
  // The simulator sells whatever the catalogue lists; a real supplier needs the brand's slug.
  const brand = input.supplier === 'simulator' ? sql`coalesce(${facts.brand}, o.product_code)` : facts.brand;
  const result = await db.execute(sql`
    with o as (
      select * from ${orders}
      where id = ${input.orderId.toLowerCase()} and owner_id = ${input.userId} and activated_at is null
        and status = 'active' and not swapped and not deactivated
      for update
    ), r as (
      insert into ${voucherCodeRequests} as q
        (voucher_id, supplier, brand, face_value, currency, state, attempts, next_attempt_at, claimed_by, claimed_until, requested_at)
      select o.id, ${input.supplier}, ${brand}, o.value, o.currency, 'pending', 1, ${now}::timestamptz,
        ${input.workerId}, ${until}::timestamptz, ${now}::timestamptz
      from o where ${brand} is not null
      on conflict (voucher_id) do update set
        attempts = q.attempts + 1, claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until,
        state = 'pending', next_attempt_at = excluded.next_attempt_at,
        requested_at = case when q.state = 'no-float' then excluded.requested_at else q.requested_at end
      where q.state = 'no-float' or (q.state = 'pending' and q.next_attempt_at <= ${now}::timestamptz
        and (q.claimed_until is null or q.claimed_until <= ${now}::timestamptz))
      returning q.voucher_id, q.brand, q.attempts, q.requested_at
    ), asked as (
      update ${orders} set code_requested_at = r.requested_at from r where ${orders.id} = r.voucher_id
      returning ${orders.id}
    )
    select o.*, ${facts.category} as category, r.brand as claimed_brand, r.attempts as claimed_attempts,
      r.requested_at as claimed_requested_at
    from o join r on r.voucher_id = o.id`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows, by column name.
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return null;
  const requestedAt = asDate(row.claimed_requested_at);
  const order: OrderRow = {
    id: String(row.id),
    checkoutSessionId: (row.checkout_session_id as string | null) ?? null,
    unitIndex: Number(row.unit_index),
    ownerId: (row.owner_id as string | null) ?? null,
    buyerId: String(row.buyer_id),
    productId: (row.product_id as string | null) ?? null,
    productCode: String(row.product_code),
    merchantName: String(row.merchant_name),
    value: Number(row.value),
    currency: String(row.currency),
    status: String(row.status),
    activatedAt: null,
    swapped: false,
    deactivated: false,
    codeCiphertext: (row.code_ciphertext as string | null) ?? null,
    pinCiphertext: (row.pin_ciphertext as string | null) ?? null,
    codeUrlCiphertext: (row.code_url_ciphertext as string | null) ?? null,
    supplier: (row.supplier as string | null) ?? null,
    supplierReference: (row.supplier_reference as string | null) ?? null,
    codeRequestedAt: requestedAt,
    codeLast4: (row.code_last4 as string | null) ?? null,
    replacesOrderId: (row.replaces_order_id as string | null) ?? null,
    createdAt: asDate(row.created_at),
  };
  const category = typeof row.category === 'string' ? row.category : undefined;
  return {
    order,
    claim: {
      voucherId: order.id,
      attempt: Number(row.claimed_attempts),
      claimedBy: input.workerId,
      brand: String(row.claimed_brand),
      faceValue: order.value,
      currency: order.currency,
      expectsPin: category ? usesPin(category) : false,
      merchantName: order.merchantName,
      ownerId: order.ownerId,
      requestedAt,
    },
  };
}

/**
 * The holder asks for the code (activation's first step): claimed in one statement when it can be
 * (`claimAtOnce`); otherwise, in one transaction under the voucher's row lock, whichever it is:
 * someone else's (404), already activated (409 'Already Activated'), no longer usable (409), an
 * attempt under way or the next one scheduled (waiting), refused for good (failed), or claimed
 * after all (the state changed between the two).
 */
export async function askForCode(
  db: Database,
  input: { userId: string; orderId: string; supplier: string; workerId: string; now: Date; leaseMs: number },
): Promise<CodeAsk> {
  if (!isUuid(input.orderId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const claimed = await claimAtOnce(db, input);
  if (claimed) return { kind: 'claimed', ...claimed };
  const { now } = input;
  // The usual reason nothing was claimed (a second tap while the first one's attempt runs, or a
  // refused card) is read without a lock; anything else is decided under the lock below.
  const [seen] = await db
    .select({ order: orders, request: voucherCodeRequests })
    .from(orders)
    .leftJoin(voucherCodeRequests, eq(voucherCodeRequests.voucherId, orders.id))
    .where(and(eq(orders.id, input.orderId.toLowerCase()), eq(orders.ownerId, input.userId)));
  if (seen && seen.order.activatedAt === null && isUsable(seen.order) && seen.request) {
    const { order, request } = seen;
    if (request.state === 'failed') return { kind: 'failed', order };
    if (request.state === 'pending' && (request.nextAttemptAt > now || attemptInFlight(request, now))) {
      return { kind: 'waiting', order, requestedAt: request.requestedAt };
    }
  }
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId.toLowerCase()), eq(orders.ownerId, input.userId)))
      .for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
    if (order.activatedAt !== null) throw conflict(ALREADY_ACTIVATED_MESSAGE);
    if (!isUsable(order)) throw conflict(VOUCHER_INACTIVE_MESSAGE);
    const [existing] = await tx
      .select()
      .from(voucherCodeRequests)
      .where(eq(voucherCodeRequests.voucherId, order.id))
      .for('update');
    if (existing?.state === 'failed') return { kind: 'failed', order };
    if (existing?.state === 'pending' && (existing.nextAttemptAt > now || attemptInFlight(existing, now))) {
      return { kind: 'waiting', order, requestedAt: existing.requestedAt };
    }
    const facts = (await findSupplierFacts(tx, [order.productCode])).get(order.productCode);
    // The simulator sells whatever the catalogue lists; a real supplier needs the brand's slug.
    const brand = facts?.brand ?? (input.supplier === 'simulator' ? order.productCode : null);
    const claim = {
      state: 'pending' as const,
      claimedBy: input.workerId,
      claimedUntil: new Date(now.getTime() + input.leaseMs),
      nextAttemptAt: now,
    };
    let request: VoucherCodeRequestRow | undefined;
    if (!existing) {
      const values = {
        voucherId: order.id,
        supplier: input.supplier,
        brand: brand ?? '',
        faceValue: order.value,
        currency: order.currency,
        requestedAt: now,
      };
      if (!brand) {
        // Nothing to ask the supplier for: final at once, and in the console's queue to fix.
        await tx.insert(voucherCodeRequests).values({
          ...values,
          state: 'failed',
          nextAttemptAt: now,
          lastErrorCode: 'no-brand',
          lastError: `The product ${order.productCode} has no brand at the supplier`,
        });
        return { kind: 'failed', order };
      }
      [request] = await tx
        .insert(voucherCodeRequests)
        .values({ ...values, ...claim, attempts: 1 })
        .returning();
    } else {
      // Due, and free (an attempt whose holder died has lost its lease), or reopened after the
      // float ran out: a new ask, so the 10 minutes count from now.
      const reopened = existing.state === 'no-float';
      [request] = await tx
        .update(voucherCodeRequests)
        .set({
          ...claim,
          attempts: sql`${voucherCodeRequests.attempts} + 1`,
          ...(reopened ? { requestedAt: now } : {}),
        })
        .where(eq(voucherCodeRequests.voucherId, order.id))
        .returning();
    }
    if (!request) throw new Error(`the code request of voucher ${order.id} vanished under its lock`);
    const [asked] = await tx
      .update(orders)
      .set({ codeRequestedAt: request.requestedAt })
      .where(eq(orders.id, order.id))
      .returning();
    return { kind: 'claimed', claim: claimOf(request, asked ?? order, facts?.category), order: asked ?? order };
  });
}

/**
 * The retry job's claim: up to `limit` due requests no attempt holds (a dead holder's lease has
 * run out), with one UPDATE over a `FOR UPDATE SKIP LOCKED` select, so two workers never claim
 * one request. `voucherId` claims that one only (the console's 'Retry now').
 */
export async function claimDueRequests(
  db: Database,
  input: { workerId: string; now: Date; leaseMs: number; limit: number; voucherId?: string },
): Promise<CodeClaim[]> {
  const free = db
    .select({ id: voucherCodeRequests.voucherId })
    .from(voucherCodeRequests)
    .where(and(due(input.now), input.voucherId ? eq(voucherCodeRequests.voucherId, input.voucherId) : undefined))
    .orderBy(asc(voucherCodeRequests.nextAttemptAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(voucherCodeRequests)
    .set({
      claimedBy: input.workerId,
      claimedUntil: new Date(input.now.getTime() + input.leaseMs),
      attempts: sql`${voucherCodeRequests.attempts} + 1`,
    })
    .where(inArray(voucherCodeRequests.voucherId, free))
    .returning();
  if (claimed.length === 0) return [];
  const vouchers = await db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        claimed.map((request) => request.voucherId),
      ),
    );
  const byId = new Map(vouchers.map((order) => [order.id, order]));
  const facts = await findSupplierFacts(
    db,
    vouchers.map((order) => order.productCode),
  );
  return claimed.flatMap((request) => {
    const order = byId.get(request.voucherId);
    return order ? [claimOf(request, order, facts.get(order.productCode)?.category)] : [];
  });
}

/** The claim's request while it is still this attempt's (not taken over after its lease ran out). */
function claimStillHeld(claim: CodeClaim): SQL | undefined {
  return and(
    eq(voucherCodeRequests.voucherId, claim.voucherId),
    eq(voucherCodeRequests.state, 'pending'),
    eq(voucherCodeRequests.claimedBy, claim.claimedBy),
    eq(voucherCodeRequests.attempts, claim.attempt),
  );
}

/**
 * The voucher's row, written (and so locked) only while the claim is still this attempt's: the
 * order row first, then the request's, as every writer of these rows does (the module's comment).
 */
function whileClaimed(claim: CodeClaim): SQL | undefined {
  const held = sql`exists (select 1 from ${voucherCodeRequests} where ${claimStillHeld(claim)})`;
  return and(eq(orders.id, claim.voucherId), held);
}

const released = { claimedBy: null, claimedUntil: null } as const;
/**
 * The supplier issued the card: while the claim is still ours, in one statement (the order row
 * written first, then the request's), the voucher is activated with its code (and PIN, and URL)
 * sealed and the request is done. Answers false when the claim was taken over meanwhile (the
 * attempt that took it asks with the same key, so it gets this same card and records it).
 */
export async function recordIssuedCode(
  db: Executor,
  claim: CodeClaim,
  card: { code: string | null; pin: string | null; url: string | null; reference: string },
  deps: { encryptionKey: string; supplier: string; now: Date },
): Promise<boolean> {
  const cipher = createVoucherCipher(deps.encryptionKey);
  const seal = (secret: string | null) => (secret === null ? null : cipher.seal(secret));
  const now = deps.now.toISOString();
  const held = claimStillHeld(claim);
  // A request taken over after its lease ran out records the same card again: the first time stays.
  const result = await db.execute(sql`
    with issued as (
      update ${orders} set
        code_ciphertext = ${seal(card.code)},
        code_last4 = ${card.code === null ? null : lastFourOf(card.code)},
        pin_ciphertext = ${seal(card.pin)},
        code_url_ciphertext = ${seal(card.url)},
        supplier = ${deps.supplier},
        supplier_reference = ${card.reference},
        code_requested_at = null,
        activated_at = coalesce(activated_at, ${now}::timestamptz)
      where ${orders.id} = ${claim.voucherId} and exists (select 1 from ${voucherCodeRequests} where ${held})
      returning ${orders.id}
    ), done as (
      update ${voucherCodeRequests} set
        state = 'issued', issued_at = ${now}::timestamptz, claimed_by = null, claimed_until = null,
        last_error_code = null, last_error = null
      where ${held} and ${voucherCodeRequests.voucherId} in (select id from issued)
      returning ${voucherCodeRequests.voucherId}
    )
    select id from issued`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows.
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * An attempt that failed, settled while the claim is still ours: a retryable failure is asked
 * again at `retryAt`; `no-float` and `failed` end the request without a card, and the voucher is
 * fully the holder's again (exchangeable, convertible). Answers false when the claim was taken
 * over meanwhile.
 */
export async function recordFailedAttempt(
  tx: Executor,
  claim: CodeClaim,
  failure: { state: 'pending' | 'no-float' | 'failed'; code: string; message: string; retryAt: Date },
): Promise<boolean> {
  if (failure.state !== 'pending') {
    const freed = await tx
      .update(orders)
      .set({ codeRequestedAt: null })
      .where(whileClaimed(claim))
      .returning({ id: orders.id });
    if (freed.length === 0) return false;
  }
  const settled = await tx
    .update(voucherCodeRequests)
    .set({
      ...released,
      state: failure.state,
      nextAttemptAt: failure.retryAt,
      lastErrorCode: failure.code.slice(0, 40),
      lastError: failure.message.slice(0, 1000),
    })
    .where(claimStillHeld(claim))
    .returning({ id: voucherCodeRequests.voucherId });
  return settled.length > 0;
}

/**
 * Whether an alert of `kind` may be e-mailed now: at most one per `everyMs`, decided by one
 * conditional upsert in the caller's transaction, whichever instance gets there first.
 */
export async function takeAlertTurn(tx: Executor, kind: string, now: Date, everyMs: number): Promise<boolean> {
  const taken = await tx
    .insert(supplierAlerts)
    .values({ kind, lastSentAt: now })
    .onConflictDoUpdate({
      target: supplierAlerts.kind,
      set: { lastSentAt: now },
      setWhere: lte(supplierAlerts.lastSentAt, new Date(now.getTime() - everyMs)),
    })
    .returning({ kind: supplierAlerts.kind });
  return taken.length > 0;
}

/**
 * A voucher leaving its holder (exchanged, converted, refunded, voided) inside the caller's
 * transaction, after the caller's conditional UPDATE locked its row: its code request, if any is
 * outstanding, is cancelled, unless an attempt holds it right now, which would leave a card
 * bought for a voucher that is gone (409: the whole change is refused).
 */
export async function cancelCodeRequest(tx: Executor, voucherId: string, now: Date): Promise<void> {
  const [request] = await tx
    .select()
    .from(voucherCodeRequests)
    .where(eq(voucherCodeRequests.voucherId, voucherId))
    .for('update');
  if (!request || request.state === 'issued' || request.state === 'cancelled') return;
  if (attemptInFlight(request, now)) throw conflict(CODE_IN_FLIGHT_MESSAGE);
  await tx
    .update(voucherCodeRequests)
    .set({ ...released, state: 'cancelled' })
    .where(eq(voucherCodeRequests.voucherId, voucherId));
}

/**
 * The condition an exchange, a conversion or a refund adds to its conditional UPDATE of the
 * order: no code asked for, or asked for more than `CODE_DELAY_MS` ago and still not come.
 */
export function codeNotOnItsWay(now: Date): SQL | undefined {
  return or(isNull(orders.codeRequestedAt), lte(orders.codeRequestedAt, new Date(now.getTime() - CODE_DELAY_MS)));
}

/** Where the code of each of `vouchers` stands, for those that have none and were asked for one. */
export async function codeStatusesOf(
  db: Executor,
  vouchers: readonly Pick<OrderRow, 'id' | 'activatedAt'>[],
  now: Date,
): Promise<Map<string, CodeStatus>> {
  const ids = vouchers.filter((order) => order.activatedAt === null).map((order) => order.id);
  if (ids.length === 0) return new Map();
  const requests = await db
    .select()
    .from(voucherCodeRequests)
    .where(
      and(
        inArray(voucherCodeRequests.voucherId, ids),
        inArray(voucherCodeRequests.state, ['pending', 'no-float', 'failed']),
      ),
    );
  return new Map(requests.map((request) => [request.voucherId, codeStatusOf(request, now)]));
}

export function codeStatusOf(request: Pick<VoucherCodeRequestRow, 'state' | 'requestedAt'>, now: Date): CodeStatus {
  if (request.state === 'no-float') return 'unavailable';
  if (request.state === 'failed') return 'failed';
  return now.getTime() - request.requestedAt.getTime() >= CODE_DELAY_MS ? 'delayed' : 'pending';
}

/** One voucher's code request, or null. */
export async function findCodeRequest(db: Executor, voucherId: string): Promise<VoucherCodeRequestRow | null> {
  const [request] = await db.select().from(voucherCodeRequests).where(eq(voucherCodeRequests.voucherId, voucherId));
  return request ?? null;
}
