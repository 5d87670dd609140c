import type { AuditEntry, OpsVoucherPage, VoucherTimelineEntry, VoucherTimelineKind } from '@gvm/contract';
import { supplierLabel } from '../../adapters/suppliers';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { type GiftEventForTimeline, giftHistoryOfVoucher } from '../gifts';
import { type Actor, auditTrailOf, recordAudit } from '../operators';
import { walletDownloadsOfVoucher } from '../passes';
import { findAccountSummaries } from '../users';
import { findVoucherWithReplacement, supplierOfVoucher, VOUCHER_NOT_FOUND_MESSAGE, type VoucherRow } from '../vouchers';
import { ledgerEntriesOfVoucher } from '../wallets';
import { toVoucherSummaries } from './voucher-summaries';

/**
 * A voucher's page: its summary, its gift and a timeline of everything that happened to it
 * (docs/product/operators.md#customers). The timeline is derived from the rows each module keeps
 * (the order, the gift's history, the exchange's replacement, the ledger) and, for what operators
 * did, from the audit trail: no event table of its own (decision 048).
 */

/** The audit actions of the console that show on a voucher's timeline. */
const auditKinds: Record<string, VoucherTimelineKind> = {
  'voucher.reissue': 'reissued',
  'voucher.void': 'voided',
};
/**
 * The refunds of the voucher's order that ended it: a refund is audited on its order, naming the
 * vouchers it refunded in `after.vouchers` (docs/product/operators.md#refunds).
 */
const refundActions = new Set(['refund', 'refund.approve']);
function refundedThis(entry: AuditEntry, voucherId: string): boolean {
  if (!refundActions.has(entry.action)) return false;
  const vouchers = (entry.after as { vouchers?: unknown } | null)?.vouchers;
  return Array.isArray(vouchers) && vouchers.some((voucher) => (voucher as { id?: unknown })?.id === voucherId);
}
/** Gift events an operator causes: the audit row of the same moment says which operator. */
const giftEventAudit: Partial<Record<GiftEventForTimeline['kind'], string>> = {
  resent: 'gift.resend',
  recipient_changed: 'gift.correct-recipient',
};

type Entry = Omit<VoucherTimelineEntry, 'at'> & { at: Date };

const system = { type: 'system', label: 'System' } as const;

function giftEntry(event: GiftEventForTimeline): Omit<Entry, 'by'> | null {
  switch (event.kind) {
    case 'sent':
      return { kind: 'emailed', at: event.at, detail: `Gift e-mail to ${event.detail.email ?? 'the recipient'}` };
    case 'reminded':
      return { kind: 'emailed', at: event.at, detail: `Reminder to ${event.detail.email ?? 'the recipient'}` };
    case 'resent':
      return { kind: 'resent', at: event.at, detail: `Gift e-mail again to ${event.detail.email ?? 'the recipient'}` };
    case 'recipient_changed':
      return {
        kind: 'recipient-corrected',
        at: event.at,
        detail: `${event.detail.previousEmail ?? '?'} → ${event.detail.email ?? '?'}`,
      };
    default:
      return null;
  }
}

function auditDetail(entry: AuditEntry): string | null {
  const parts: string[] = [];
  const before = entry.before as { codeLast4?: unknown } | null;
  const after = entry.after as { codeLast4?: unknown } | null;
  if (typeof before?.codeLast4 === 'string' && typeof after?.codeLast4 === 'string') {
    parts.push(`Code ending ${before.codeLast4} → ending ${after.codeLast4}`);
  }
  if (entry.reason) parts.push(`Reason: ${entry.reason}`);
  return parts.length > 0 ? parts.join('. ') : null;
}

async function timelineOf(db: Executor, voucher: VoucherRow, replacement: VoucherRow | null): Promise<Entry[]> {
  // One after another: the page is read in one transaction, one connection (see customer-pages.ts).
  const gift = await giftHistoryOfVoucher(db, voucher.id);
  const ledger = await ledgerEntriesOfVoucher(db, voucher.id);
  const audit = await auditTrailOf(db, 'voucher', voucher.id);
  const orderAudit = voucher.checkoutSessionId ? await auditTrailOf(db, 'order', voucher.checkoutSessionId) : [];
  const people = await findAccountSummaries(db, [
    voucher.buyerId,
    ...(voucher.ownerId ? [voucher.ownerId] : []),
    ...(gift ? [gift.senderId, ...(gift.claimedBy ? [gift.claimedBy] : [])] : []),
    ...ledger.map((entry) => entry.walletOwnerId),
  ]);
  const shopper = (id: string | null) =>
    ({ type: 'shopper', label: (id && people.get(id)?.email) || 'A former customer' }) as const;
  const operator = (entry: AuditEntry) => ({ type: 'operator', label: entry.operatorEmail }) as const;

  const entries: Entry[] = [];
  if (voucher.checkoutSessionId) {
    entries.push({ kind: 'paid', at: voucher.createdAt, by: shopper(voucher.buyerId), detail: null });
    entries.push({ kind: 'issued', at: voucher.createdAt, by: system, detail: null });
  } else {
    const detail = voucher.replacesOrderId ? `In exchange for voucher ${voucher.replacesOrderId}` : null;
    entries.push({ kind: 'issued', at: voucher.createdAt, by: shopper(voucher.ownerId), detail });
  }
  const usedAudit = new Set<string>();
  for (const event of gift?.events ?? []) {
    const base = giftEntry(event);
    if (!base) continue;
    const action = giftEventAudit[event.kind];
    const byOperator = action
      ? audit.find(
          (row) => row.action === action && !usedAudit.has(row.id) && Date.parse(row.at) === event.at.getTime(),
        )
      : undefined;
    if (byOperator) usedAudit.add(byOperator.id);
    const by = byOperator ? operator(byOperator) : action && gift ? shopper(gift.senderId) : system;
    const reason = byOperator?.reason ? `. Reason: ${byOperator.reason}` : '';
    entries.push({ ...base, by, detail: `${base.detail ?? ''}${reason}` || null });
  }
  if (gift?.claimedAt) entries.push({ kind: 'claimed', at: gift.claimedAt, by: shopper(gift.claimedBy), detail: null });
  if (voucher.activatedAt) {
    // The card bought from the supplier then (decision 068): who, and its reference there, never the code.
    const detail = voucher.supplier
      ? `Code from ${supplierLabel(voucher.supplier)}${voucher.supplierReference ? `, reference ${voucher.supplierReference}` : ''}`
      : null;
    entries.push({ kind: 'activated', at: voucher.activatedAt, by: shopper(voucher.ownerId), detail });
  }
  if (replacement) {
    const detail = `For a ${replacement.merchantName} voucher (${replacement.id})`;
    entries.push({ kind: 'exchanged', at: replacement.createdAt, by: shopper(voucher.ownerId), detail });
  }
  for (const entry of ledger) {
    if (entry.type !== 'funding' || !voucher.deactivated || voucher.swapped) continue;
    const detail = `${entry.amount} ${voucher.currency} of UGM Credit`;
    entries.push({ kind: 'converted', at: new Date(entry.at), by: shopper(entry.walletOwnerId), detail });
  }
  for (const row of audit) {
    const kind = auditKinds[row.action];
    if (kind) entries.push({ kind, at: new Date(row.at), by: operator(row), detail: auditDetail(row) });
  }
  for (const row of orderAudit) {
    if (refundedThis(row, voucher.id)) {
      entries.push({ kind: 'refunded', at: new Date(row.at), by: operator(row), detail: auditDetail(row) });
    }
  }
  // The holder's wallet passes (decision 071): each download, never the code.
  for (const download of await walletDownloadsOfVoucher(db, voucher.id)) {
    const kind = download.platform === 'apple' ? 'added-to-apple-wallet' : 'added-to-google-wallet';
    entries.push({ kind, at: download.at, by: shopper(voucher.ownerId), detail: null });
  }
  // Oldest first; entries of one moment keep the order they happen in (pushed in that order).
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.index - b.index)
    .map(({ entry }) => entry);
}

/** A voucher's page; looking at it is audited (`voucher.view`) in the same transaction. */
export async function viewVoucher(db: Database, actor: Actor, voucherId: string, now: Date): Promise<OpsVoucherPage> {
  return db.transaction(async (tx) => {
    const found = await findVoucherWithReplacement(tx, voucherId);
    if (!found) throw notFound(VOUCHER_NOT_FOUND_MESSAGE);
    const [summary] = await toVoucherSummaries(tx, [found.voucher]);
    if (!summary) throw new Error(`voucher ${found.voucher.id} has no summary`);
    const timeline = await timelineOf(tx, found.voucher, found.replacement);
    const gift = await giftHistoryOfVoucher(tx, found.voucher.id);
    const supplier = await supplierOfVoucher(tx, found.voucher);
    await recordAudit(tx, actor, { action: 'voucher.view', targetType: 'voucher', targetId: found.voucher.id }, now);
    return {
      voucher: summary,
      supplier,
      gift: gift?.gift ?? null,
      timeline: timeline.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    };
  });
}
