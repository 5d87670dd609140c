import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { codeFromBits } from '../vouchers/codes';
import {
  type IssueCodeRequest,
  type IssuedCode,
  type SupplierBrand,
  SupplierError,
  type SupplierFailureKind,
  type SupplierFloat,
  type VoucherSupplier,
} from './supplier';

/**
 * The built-in supplier (decision 068), the default outside production: it makes codes here, as
 * the marketplace did before it bought them, in the format of `newVoucherCode()`. A card is
 * derived from the voucher's id with an HMAC under a key of the deployment's, so the same
 * `clientRequestId` answers the same card on any instance and after a restart, as Tillo replays
 * its first answer, with nothing stored. Tests tell it to be slow, to fail, or to run out of float.
 */
export interface SupplierSimulatorOptions {
  /** Derives the cards (a deployment's own secret: nobody outside can compute a voucher's code). */
  secret: string;
  /** How long each issue takes (SUPPLIER_SIMULATOR_DELAY_MS; the browser tests slow it down). */
  delayMs?: number;
  /** The float it starts with, in pence; each new card spends its face value. */
  float?: number;
}

/** What a failure told to the simulator answers, as Tillo's codes would. */
const failureCodes: Record<SupplierFailureKind, { code: string; message: string }> = {
  retryable: { code: '603', message: 'Service unavailable for brand' },
  'no-float': { code: '610', message: 'Insufficient balance on account' },
  final: { code: '433', message: 'There were errors validating the request' },
};

export const SIMULATOR_FLOAT = 100_000_000;

export class SupplierSimulator implements VoucherSupplier {
  readonly name = 'simulator' as const;
  private delayMs: number;
  private float: number;
  private readonly failures: SupplierFailureKind[] = [];
  /** The cards issued, by client request id: a replay is not a second card and costs nothing. */
  private readonly cards = new Set<string>();
  /** Every issue asked for, replays included (tests count them). */
  requests = 0;

  constructor(private readonly options: SupplierSimulatorOptions) {
    this.delayMs = options.delayMs ?? 0;
    this.float = options.float ?? SIMULATOR_FLOAT;
  }

  /** The next `times` issues fail this way, before anything is issued. */
  failNext(kind: SupplierFailureKind, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push(kind);
  }

  setDelay(ms: number): void {
    this.delayMs = ms;
  }

  /** Sets the float (pence): a card it cannot pay for fails with 610, as Tillo's would. */
  setFloat(amount: number): void {
    this.float = amount;
  }

  /** How many distinct cards it has issued. */
  get cardsIssued(): number {
    return this.cards.size;
  }

  async issueCode(request: IssueCodeRequest): Promise<IssuedCode> {
    this.requests += 1;
    if (this.delayMs > 0) await sleep(this.delayMs);
    const failure = this.failures.shift();
    if (failure) {
      const { code, message } = failureCodes[failure];
      throw new SupplierError(failure, code, message);
    }
    if (!this.cards.has(request.clientRequestId)) {
      if (request.faceValue > this.float) {
        throw new SupplierError('no-float', '610', failureCodes['no-float'].message);
      }
      this.float -= request.faceValue;
      this.cards.add(request.clientRequestId);
    }
    return this.cardOf(request);
  }

  /** The simulator sells whatever the catalogue lists: it has no brand list of its own to sync. */
  async listBrands(): Promise<SupplierBrand[]> {
    return [];
  }

  async readFloat(): Promise<SupplierFloat[]> {
    return [{ name: 'simulator', currency: 'GBP', available: this.float }];
  }

  private cardOf(request: IssueCodeRequest): IssuedCode {
    const digest = createHmac('sha256', this.options.secret)
      .update(`supplier-simulator:${request.clientRequestId}`)
      .digest();
    const pin = (digest.readUInt32BE(10) % 10_000).toString().padStart(4, '0');
    return {
      code: codeFromBits(digest.subarray(0, 10)),
      pin: request.expectsPin ? pin : null,
      url: null,
      reference: `sim_${digest.subarray(14, 24).toString('hex')}`,
    };
  }
}
