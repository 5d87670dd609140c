/**
 * The gift-card supplier behind one small interface (decision 068), as the payment provider is
 * behind `PaymentProvider`: the built-in simulator (default) or Tillo, chosen by VOUCHER_SUPPLIER.
 * The vouchers module buys a voucher's code through it when the holder activates the voucher; it
 * never sees how the supplier is spoken to.
 */

export interface IssueCodeRequest {
  /**
   * Our voucher's id: the supplier's idempotency key (Tillo's `client_request_id`). Asked again
   * with it, the supplier answers the card it issued the first time, never a second card.
   */
  clientRequestId: string;
  /** The supplier's identifier of the brand (Tillo's slug). */
  brand: string;
  /** Minor units (pence). */
  faceValue: number;
  currency: string;
  /**
   * Whether our catalogue expects the brand's cards to carry a PIN. A real supplier decides that
   * itself and ignores this; the simulator follows it, so its cards look like the brand's.
   */
  expectsPin: boolean;
}

/** A card the supplier issued: a code (and PIN), or only a URL of the card's own page, or both. */
export interface IssuedCode {
  code: string | null;
  pin: string | null;
  url: string | null;
  /** The supplier's reference of the card, for its support and our books. */
  reference: string;
}

/**
 * How a failed request should be treated (decision 068): `retryable` (timeouts, connection
 * errors, the supplier's outages) is asked again later with the same id; `final` will not work
 * for this voucher however often it is asked (a brand or value the supplier refuses); `no-float`
 * means the supplier's account cannot pay for the card now, until it is topped up.
 */
export type SupplierFailureKind = 'retryable' | 'final' | 'no-float';

export class SupplierError extends Error {
  constructor(
    readonly kind: SupplierFailureKind,
    /** The supplier's own error code ('610', '433'), or ours ('timeout', 'connection', 'http-502'). */
    readonly supplierCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SupplierError';
  }
}

/** A brand as the supplier offers it to us now. Amounts in minor units. */
export interface SupplierBrand {
  slug: string;
  name: string;
  currency: string;
  /** False when the supplier no longer sells it (disabled, suspended). */
  available: boolean;
  /** The fixed values offered; empty for an open-value brand. */
  denominations: number[];
  /** An open-value brand's range; null when the supplier gives none. */
  minValue: number | null;
  maxValue: number | null;
}

/** One of the supplier's floats: money on account that pays for the cards we buy. Minor units. */
export interface SupplierFloat {
  /** The float's name at the supplier ('universal-float', or a brand's own). */
  name: string;
  currency: string;
  available: number;
}

export interface VoucherSupplier {
  readonly name: 'simulator' | 'tillo';
  /** Buys one card; throws SupplierError saying which kind of failure it was. */
  issueCode(request: IssueCodeRequest): Promise<IssuedCode>;
  /** Every brand the supplier offers us. */
  listBrands(): Promise<SupplierBrand[]>;
  /** Every float on our account. */
  readFloat(): Promise<SupplierFloat[]>;
}

/** A supplier's name as the console and e-mails show it. */
export function supplierLabel(name: string): string {
  return name === 'tillo' ? 'Tillo' : name === 'simulator' ? 'Supplier simulator' : name;
}
