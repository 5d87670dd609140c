import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueMail } from '../../adapters/mail/outbox';
import { supplierFloatAlertEmail, voucherCodeReadyEmail } from '../../adapters/mail/templates';
import { SupplierError, supplierLabel, TILLO_TIMEOUT_MS, type VoucherSupplier } from '../../adapters/suppliers';
import type { App } from '../../app-types';
import type { Database, Executor } from '../../db/client';
import type { OrderRow, VoucherCodeRequestRow } from '../../db/schema/vouchers';
import { claimForRetry } from './code-console';
import {
  askForCode,
  type CodeAsk,
  type CodeClaim,
  claimDueRequests,
  recordFailedAttempt,
  recordIssuedCode,
  takeAlertTurn,
} from './code-requests';

declare module 'fastify' {
  interface FastifyInstance {
    /** Buys vouchers' codes from the supplier (decision 068); tests call `app.codeIssuer.runDue()`. */
    codeIssuer: CodeIssuer;
  }
}

const second = 1000;
const minute = 60 * second;

export interface CodeIssuerOptions {
  /** How often a worker looks for requests due again when nothing else is happening. */
  pollMs: number;
  /** How long activation waits for the supplier before answering that the code is on its way. */
  syncWaitMs: number;
  /** How long an attempt holds its request: longer than the supplier's own timeout. */
  leaseMs: number;
  /** Wait before retry n (1-based) is entry n; the last repeats, for as long as it takes. */
  retryDelaysMs: readonly number[];
  /** Each wait is spread by up to this fraction either way, so a recovered supplier is not hit by every retry at once. */
  jitter: number;
  /** Requests claimed per round, and attempted at once. */
  batchSize: number;
  concurrency: number;
  /** At most one float alert to operations per this long. */
  floatAlertEveryMs: number;
}

export const defaultCodeIssuerOptions: CodeIssuerOptions = {
  pollMs: second,
  syncWaitMs: 4 * second,
  leaseMs: TILLO_TIMEOUT_MS + 40 * second,
  retryDelaysMs: [5 * second, 15 * second, 30 * second, minute, 2 * minute, 5 * minute, 10 * minute],
  jitter: 0.2,
  batchSize: 20,
  concurrency: 10,
  floatAlertEveryMs: 60 * minute,
};

export interface CodeIssuerDeps {
  db: Database;
  supplier: VoucherSupplier;
  clock: () => Date;
  log: FastifyBaseLogger;
  encryptionKey: string;
  publicUrl: string;
  opsEmail: string;
  /** The wallets a voucher can be added to (decision 071), which 'your code is ready' offers. */
  wallets: { apple: boolean; google: boolean };
  /**
   * The holder's e-mail, for 'your code is ready' (the users module's, passed in by the app), read
   * in the settling transaction (PGlite has one connection: a read beside it would wait for ever).
   */
  findHolderEmail: (db: Executor, userId: string) => Promise<string | null>;
}

/** How one attempt ended. */
export type AttemptOutcome =
  | { kind: 'issued' }
  | { kind: 'retry' }
  | { kind: 'no-float' }
  | { kind: 'failed' }
  /** Another attempt took the request over (this one outlived its lease), or settling failed. */
  | { kind: 'lost' };

/** What activation answers: the code in hand, on its way, or refused (the voucher keeps its value). */
export type ActivationOutcome =
  | { kind: 'issued'; order: OrderRow }
  | { kind: 'waiting'; order: OrderRow; requestedAt: Date }
  | { kind: 'no-float'; order: OrderRow }
  | { kind: 'failed'; order: OrderRow };

/**
 * Buys codes (decision 068). Activation claims its voucher's request and attempts it at once,
 * answering within `syncWaitMs`; an attempt still running then goes on and settles by itself (and
 * e-mails the holder, who was told the code is on its way). Retryable failures are asked again by
 * `runDue`, which a worker runs every `pollMs` (backoff with jitter, the same idempotency key):
 * the rows are the schedule, so a restart or a killed worker loses nothing, and a request whose
 * holder died is taken over once its lease runs out.
 */
export class CodeIssuer {
  readonly workerId = randomUUID();
  private readonly options: CodeIssuerOptions;
  private readonly attempts = new Set<Promise<unknown>>();
  private round: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly deps: CodeIssuerDeps,
    options: Partial<CodeIssuerOptions> = {},
  ) {
    this.options = { ...defaultCodeIssuerOptions, ...options };
  }

  /** Activation: asks for the voucher's code and waits for it up to `syncWaitMs`. */
  async activate(userId: string, orderId: string): Promise<ActivationOutcome> {
    const asked: CodeAsk = await askForCode(this.deps.db, {
      userId,
      orderId,
      supplier: this.deps.supplier.name,
      workerId: this.workerId,
      now: this.deps.clock(),
      leaseMs: this.options.leaseMs,
    });
    if (asked.kind !== 'claimed') return asked;
    // The holder is e-mailed when the code comes only if this answer has already said 'on its way'.
    const answer = { given: false };
    const attempt = this.attempt(asked.claim, () => answer.given);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.options.syncWaitMs);
    });
    const outcome = await Promise.race([attempt, waited]);
    clearTimeout(timer);
    if (!outcome) answer.given = true;
    switch (outcome?.kind) {
      case 'issued':
        return { kind: 'issued', order: { ...asked.order, activatedAt: this.deps.clock(), codeRequestedAt: null } };
      case 'no-float':
        return { kind: 'no-float', order: asked.order };
      case 'failed':
        return { kind: 'failed', order: asked.order };
      default:
        return { kind: 'waiting', order: asked.order, requestedAt: asked.claim.requestedAt };
    }
  }

  /** One round: claims up to a batch of due requests and attempts them; answers how many. */
  runDue(voucherId?: string): Promise<number> {
    const next = this.round.then(() => (this.stopped ? 0 : this.claimAndAttempt(voucherId)));
    this.round = next.catch(() => undefined);
    return next;
  }

  /**
   * The console's 'Retry now' (decision 068): in one transaction the request is claimed for an
   * attempt now and `audit` records who asked (the caller's audit row), then the supplier is
   * asked, waiting up to `syncWaitMs` ('retry' when it has not answered by then: the attempt goes
   * on). Refused (409) when the code is not waiting or an attempt holds it right now.
   */
  async retryNow(
    voucherId: string,
    audit: (tx: Executor, before: VoucherCodeRequestRow) => Promise<void>,
  ): Promise<AttemptOutcome> {
    const claim = await this.deps.db.transaction(async (tx) => {
      const claimed = await claimForRetry(tx, voucherId, {
        now: this.deps.clock(),
        workerId: this.workerId,
        leaseMs: this.options.leaseMs,
      });
      await audit(tx, claimed.before);
      return claimed.claim;
    });
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<AttemptOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'retry' }), this.options.syncWaitMs);
    });
    const outcome = await Promise.race([this.attempt(claim, () => true), waited]);
    clearTimeout(timer);
    return outcome;
  }

  /** Polls for due requests in the background until `stop` (a worker's job, decision 055). */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'voucher codes: could not read the requests due'),
      );
    }, this.options.pollMs);
    // The schedule never keeps the process alive on its own.
    this.timer.unref();
  }

  /** Stops polling and waits for the attempts under way, which settle their own requests. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round;
    await Promise.allSettled([...this.attempts]);
  }

  private async claimAndAttempt(voucherId: string | undefined): Promise<number> {
    const claims = await claimDueRequests(this.deps.db, {
      workerId: this.workerId,
      now: this.deps.clock(),
      leaseMs: this.options.leaseMs,
      limit: voucherId ? 1 : this.options.batchSize,
      ...(voucherId ? { voucherId } : {}),
    });
    const waiting = [...claims];
    const runner = async () => {
      for (let claim = waiting.shift(); claim; claim = waiting.shift()) await this.attempt(claim, () => true);
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, claims.length) }, runner));
    return claims.length;
  }

  /**
   * One attempt on a claimed request: the supplier is asked outside any transaction, then the
   * outcome is settled while the claim is still ours. Never rejects: a failure to settle leaves
   * the request to be taken over when its lease runs out.
   */
  private attempt(claim: CodeClaim, notifyHolder: () => boolean): Promise<AttemptOutcome> {
    const running = this.tryOnce(claim, notifyHolder).catch((error: unknown) => {
      this.deps.log.error({ err: error, voucherId: claim.voucherId }, 'voucher codes: could not settle an attempt');
      return { kind: 'lost' } as const;
    });
    this.attempts.add(running);
    void running.finally(() => this.attempts.delete(running));
    return running;
  }

  private async tryOnce(claim: CodeClaim, notifyHolder: () => boolean): Promise<AttemptOutcome> {
    const { db, supplier, log } = this.deps;
    const trace = { voucherId: claim.voucherId, attempt: claim.attempt, supplier: supplier.name };
    try {
      const card = await supplier.issueCode({
        clientRequestId: claim.voucherId,
        brand: claim.brand,
        faceValue: claim.faceValue,
        currency: claim.currency,
        expectsPin: claim.expectsPin,
      });
      const settle = { encryptionKey: this.deps.encryptionKey, supplier: supplier.name, now: this.deps.clock() };
      // One statement when the holder is waiting for the answer; with the e-mail when they were
      // told the code is on its way, in one transaction, so it is queued if and only if the card is recorded.
      const recorded = notifyHolder()
        ? await db.transaction(async (tx) => {
            const done = await recordIssuedCode(tx, claim, card, settle);
            if (done) await this.mailHolder(tx, claim);
            return done;
          })
        : await recordIssuedCode(db, claim, card, settle);
      if (!recorded) return { kind: 'lost' };
      // The reference only: the code is a bearer secret and never reaches a log.
      log.info({ ...trace, reference: card.reference }, 'voucher codes: card issued');
      return { kind: 'issued' };
    } catch (error) {
      if (!(error instanceof SupplierError)) throw error;
      return this.settleFailure(claim, error, trace);
    }
  }

  private async settleFailure(
    claim: CodeClaim,
    error: SupplierError,
    trace: Record<string, unknown>,
  ): Promise<AttemptOutcome> {
    const { db, clock, log } = this.deps;
    const now = clock();
    const state = error.kind === 'retryable' ? 'pending' : error.kind === 'no-float' ? 'no-float' : 'failed';
    const retryAt = new Date(now.getTime() + (state === 'pending' ? this.delayBefore(claim.attempt) : 0));
    const settled = await db.transaction(async (tx) => {
      const mine = await recordFailedAttempt(tx, claim, {
        state,
        code: error.supplierCode,
        message: error.message,
        retryAt,
      });
      if (mine && state === 'no-float' && (await takeAlertTurn(tx, 'float', now, this.options.floatAlertEveryMs))) {
        await enqueueMail(tx, {
          to: this.deps.opsEmail,
          ...supplierFloatAlertEmail({
            supplier: supplierLabel(this.deps.supplier.name),
            merchantName: claim.merchantName,
            errorCode: error.supplierCode,
            message: error.message,
          }),
        });
      }
      return mine;
    });
    const detail = { ...trace, kind: error.kind, code: error.supplierCode, reason: error.message };
    if (state === 'pending') log.warn({ ...detail, retryAt }, 'voucher codes: the supplier failed; retrying later');
    else log.error(detail, 'voucher codes: the supplier refused the card');
    if (!settled) return { kind: 'lost' };
    return state === 'pending' ? { kind: 'retry' } : { kind: state };
  }

  /** The wait before the retry after attempt n: its entry, spread by the jitter. */
  private delayBefore(attempt: number): number {
    const { retryDelaysMs, jitter } = this.options;
    const base = retryDelaysMs[Math.min(attempt, retryDelaysMs.length) - 1] ?? 0;
    return Math.round(base * (1 - jitter + Math.random() * 2 * jitter));
  }

  private async mailHolder(tx: Executor, claim: CodeClaim): Promise<void> {
    const email = claim.ownerId ? await this.deps.findHolderEmail(tx, claim.ownerId) : null;
    if (!email) return;
    await enqueueMail(tx, {
      to: email,
      ...voucherCodeReadyEmail({
        merchantName: claim.merchantName,
        value: claim.faceValue,
        currency: claim.currency,
        voucherUrl: `${this.deps.publicUrl}/vouchers/${claim.voucherId}`,
        wallets: this.deps.wallets,
      }),
    });
  }
}

/**
 * The app's code issuer, on every role: a web instance attempts the codes its activations ask
 * for; a worker (or `all`) also runs the retries (`startCodeRetries`). Its attempts under way
 * finish before the database closes.
 */
export function registerCodeIssuer(
  app: App,
  deps: Pick<CodeIssuerDeps, 'findHolderEmail'>,
  options: Partial<CodeIssuerOptions> = {},
): CodeIssuer {
  const issuer = new CodeIssuer(
    {
      db: app.db,
      supplier: app.voucherSupplier,
      clock: app.clock,
      log: app.log.child({ component: 'voucher-codes' }),
      encryptionKey: app.appConfig.voucherEncryptionKey,
      publicUrl: app.appConfig.publicUrl,
      opsEmail: app.appConfig.opsEmail,
      wallets: {
        apple: app.appConfig.walletPasses.apple !== undefined,
        google: app.appConfig.walletPasses.google !== undefined,
      },
      findHolderEmail: deps.findHolderEmail,
    },
    options,
  );
  app.decorate('codeIssuer', issuer);
  app.addHook('onClose', async () => issuer.stop());
  return issuer;
}

/** The retries, on a worker: polled from ready until close (decision 055). */
export function startCodeRetries(app: App): void {
  app.addHook('onReady', async () => app.codeIssuer.start());
}
