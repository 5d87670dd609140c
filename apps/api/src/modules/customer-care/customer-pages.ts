import type { CustomerPage, CustomerSearchResult } from '@gvm/contract';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { CUSTOMER_NOT_FOUND_MESSAGE, knownAddressCountOf, recentSessionsOf } from '../auth';
import { findPaidCheckoutByReference } from '../checkout';
import { giftsOfCustomer } from '../gifts';
import { type Actor, recordAudit } from '../operators';
import { contactMessagesFrom } from '../outreach';
import { findAccountProfile, searchAccountsByEmail } from '../users';
import { searchVouchers, vouchersOfCustomer } from '../vouchers';
import { walletsOfCustomer } from '../wallets';
import { toVoucherSummaries } from './voucher-summaries';

const iso = (moment: Date | null) => moment?.toISOString() ?? null;

/**
 * 'Search customers, orders or vouchers' (docs/product/operators.md#customers): customers whose
 * e-mail contains the text; the order whose reference ('UGM-…', the receipt's) it is; and vouchers
 * whose id or paying checkout is the text (or that order), or whose code ends in it (four letters
 * or digits).
 */
export async function searchCustomers(db: Database, query: string): Promise<CustomerSearchResult> {
  const [accounts, order] = await Promise.all([
    searchAccountsByEmail(db, query),
    findPaidCheckoutByReference(db, query),
  ]);
  const vouchers = await searchVouchers(db, order ? order.id : query);
  return {
    orders: order
      ? [
          {
            id: order.id,
            reference: order.orderReference,
            total: order.amount,
            currency: order.currency,
            paidAt: order.fulfilledAt?.toISOString() ?? null,
          },
        ]
      : [],
    customers: accounts.map((account) => ({
      id: account.id,
      email: account.email,
      name: account.name,
      disabled: account.disabledAt !== null,
      createdAt: account.createdAt.toISOString(),
    })),
    vouchers: await toVoucherSummaries(db, vouchers),
  };
}

/**
 * A customer's page. Looking at it is an operator action like any other: its audit row
 * (`customer.view`) is written in the same transaction as the reads.
 */
export async function viewCustomer(db: Database, actor: Actor, userId: string, now: Date): Promise<CustomerPage> {
  return db.transaction(async (tx) => {
    const profile = await findAccountProfile(tx, userId);
    if (!profile) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE);
    // One after another: a transaction is one connection, which runs one query at a time (pg
    // queues concurrent ones today, and pg 9 refuses them).
    const sessions = await recentSessionsOf(tx, userId);
    const knownAddresses = await knownAddressCountOf(tx, userId);
    const vouchers = await vouchersOfCustomer(tx, userId);
    const gifts = await giftsOfCustomer(tx, profile);
    const wallets = await walletsOfCustomer(tx, userId);
    const messages = await contactMessagesFrom(tx, profile.email);
    await recordAudit(tx, actor, { action: 'customer.view', targetType: 'customer', targetId: userId }, now);
    return {
      profile: {
        id: profile.id,
        email: profile.email,
        name: profile.name,
        username: profile.username,
        phoneNumber: profile.phoneNumber,
        createdAt: profile.createdAt.toISOString(),
        emailVerifiedAt: iso(profile.emailVerifiedAt),
        lastSignInAt: iso(profile.lastSignInAt),
        googleLinked: profile.googleSubject !== null,
        disabled: profile.disabledAt !== null,
        disabledAt: iso(profile.disabledAt),
      },
      sessions: sessions.map((session) => ({
        startedAt: session.startedAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        endedAt: iso(session.endedAt),
      })),
      knownAddresses,
      vouchers: await toVoucherSummaries(tx, vouchers),
      giftsSent: gifts.sent,
      giftsReceived: gifts.received,
      wallets,
      messages,
    };
  });
}
