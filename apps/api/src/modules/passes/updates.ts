import { and, eq, sql } from 'drizzle-orm';
import {
  createApnsPusher,
  createGoogleWalletClient,
  type GoogleWalletClient,
  type PassPusher,
} from '../../adapters/wallet-passes';
import type { App } from '../../app-types';
import { walletPasses, walletPassPushes, walletPassRegistrations } from '../../db/schema/passes';
import { findVouchersByIds, passFingerprintOf, passSecretOf } from '../vouchers';
import { appleSigningOf, findPass, giftCardOf, livePasses, passContentOf } from './service';

/**
 * Passes follow their vouchers (decision 071). A worker's loop, every second:
 * 1. the sweep reads live passes a page at a time and their vouchers as they are now; a pass whose
 *    voucher's fingerprint changed (refunded, voided, exchanged, converted, its code reissued, given
 *    to someone else) gets its new fingerprint and update tag, ends if its code is gone, and its
 *    pushes are written, all in one transaction, by one conditional UPDATE so two workers record a
 *    change once. It reads committed rows only: the voucher's transaction has ended before any push.
 * 2. due pushes are claimed (a lease, `FOR UPDATE SKIP LOCKED`), then sent with no transaction
 *    open: APNs tells each registered device, Google's object is written again; each retried with
 *    backoff until done, and given up after ten attempts.
 */
const SWEEP_PAGE = 500;
const PUSH_BATCH = 20;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 10;
const backoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** (attempts - 1));

export interface PassUpdaterOptions {
  pollMs: number;
}

export class PassUpdater {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private pusher: PassPusher | undefined;
  private google: GoogleWalletClient | undefined;

  constructor(
    private readonly app: App,
    private readonly options: PassUpdaterOptions = { pollMs: 1000 },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) =>
        this.app.log.error({ err: error }, 'wallet passes: update round failed'),
      );
    }, this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.pusher?.close();
  }

  /** One round: the sweep, then the pushes due. Rounds never overlap within a process. */
  runOnce(): Promise<void> {
    this.running ??= (async () => {
      try {
        await this.sweep();
        await this.deliverDue();
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async sweep(): Promise<void> {
    let after = '';
    for (;;) {
      const passes = await livePasses(this.app.db, after, SWEEP_PAGE);
      const last = passes.at(-1);
      if (!last) return;
      after = last.serial;
      const vouchers = await findVouchersByIds(
        this.app.db,
        passes.map((pass) => pass.voucherId),
      );
      const key = this.app.appConfig.voucherEncryptionKey;
      for (const pass of passes) {
        const voucher = vouchers.get(pass.voucherId);
        const fingerprint = voucher ? passFingerprintOf(voucher) : 'gone';
        if (fingerprint === pass.fingerprint) continue;
        const showsCode = voucher !== undefined && Boolean(passSecretOf(voucher, pass.holderId, key)?.code);
        await this.recordChange(pass.serial, pass.fingerprint, fingerprint, !showsCode);
      }
      if (passes.length < SWEEP_PAGE) return;
    }
  }

  private async recordChange(serial: string, before: string, fingerprint: string, ended: boolean): Promise<void> {
    const now = this.app.clock();
    await this.app.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(walletPasses)
        .set({ fingerprint, updatedAt: now, ...(ended ? { endedAt: now } : {}) })
        .where(and(eq(walletPasses.serial, serial), eq(walletPasses.fingerprint, before)))
        .returning();
      if (!changed) return;
      const devices = await tx
        .select({ pushToken: walletPassRegistrations.pushToken })
        .from(walletPassRegistrations)
        .where(eq(walletPassRegistrations.serial, serial));
      const pushes = [
        ...devices.map((device) => ({
          platform: 'apple' as const,
          serial,
          pushToken: device.pushToken,
          nextAttemptAt: now,
        })),
        ...(changed.googleLinkedAt
          ? [{ platform: 'google' as const, serial, pushToken: null, nextAttemptAt: now }]
          : []),
      ];
      if (pushes.length > 0) await tx.insert(walletPassPushes).values(pushes);
    });
  }

  private async deliverDue(): Promise<void> {
    const now = this.app.clock();
    const claimed = await this.app.db
      .update(walletPassPushes)
      .set({
        claimedUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${walletPassPushes.attempts} + 1`,
      })
      .where(
        sql`${walletPassPushes.id} in (select id from wallet_pass_pushes where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz) order by id limit ${PUSH_BATCH} for update skip locked)`,
      )
      .returning();
    for (const push of claimed) {
      const outcome = await this.send(push.platform, push.serial, push.pushToken);
      const settledAt = this.app.clock();
      if (outcome === 'done') {
        await this.app.db
          .update(walletPassPushes)
          .set({ state: 'done', claimedUntil: null, lastError: null })
          .where(eq(walletPassPushes.id, push.id));
      } else {
        const givenUp = push.attempts >= MAX_ATTEMPTS;
        await this.app.db
          .update(walletPassPushes)
          .set({
            state: givenUp ? 'failed' : 'pending',
            claimedUntil: null,
            lastError: outcome,
            nextAttemptAt: new Date(settledAt.getTime() + backoffMs(push.attempts)),
          })
          .where(eq(walletPassPushes.id, push.id));
      }
    }
  }

  /** One push, outside any transaction: done, or why it must be tried again. */
  private async send(platform: 'apple' | 'google', serial: string, pushToken: string | null): Promise<string> {
    if (platform === 'apple') {
      const signing = appleSigningOf(this.app);
      if (!signing || !pushToken) return 'done';
      this.pusher ??= createApnsPusher(this.app.appConfig.walletPasses.apnsUrl, signing);
      const outcome = await this.pusher.push(pushToken);
      if (outcome === 'gone') {
        // The device no longer has the pass, or the app: it asks for nothing more.
        await this.app.db
          .delete(walletPassRegistrations)
          .where(and(eq(walletPassRegistrations.serial, serial), eq(walletPassRegistrations.pushToken, pushToken)));
      }
      return outcome === 'retry' ? 'apns unavailable' : 'done';
    }
    const issuer = this.app.appConfig.walletPasses.google;
    if (!issuer) return 'done';
    this.google ??= createGoogleWalletClient(issuer, this.app.clock);
    const found = await findPass(this.app.db, serial);
    if (!found) return 'done';
    const content = giftCardOf(await passContentOf(this.app, found.pass, found.voucher), found.voucher);
    const outcome = await this.google.updateObject(content);
    return outcome === 'retry' ? 'google wallet unavailable' : 'done';
  }
}

/** The worker's loop of pass updates (APP_ROLE worker or all), stopped with the app. */
export function startPassUpdates(app: App): void {
  const updater = new PassUpdater(app);
  app.addHook('onReady', async () => updater.start());
  app.addHook('onClose', async () => updater.stop());
}
