import type { Config } from '../../config';
import { SupplierSimulator } from './simulator';
import type { VoucherSupplier } from './supplier';
import { createTilloSupplier } from './tillo';

/**
 * The gift-card supplier chosen by VOUCHER_SUPPLIER (decision 068): the built-in simulator by
 * default, Tillo with `tillo`. The app decorates `app.voucherSupplier` with it; the vouchers and
 * catalogue modules see only the `VoucherSupplier` interface.
 */
export { SIMULATOR_FLOAT, SupplierSimulator, type SupplierSimulatorOptions } from './simulator';
export {
  type IssueCodeRequest,
  type IssuedCode,
  type SupplierBrand,
  SupplierError,
  type SupplierFailureKind,
  type SupplierFloat,
  supplierLabel,
  type VoucherSupplier,
} from './supplier';
export { createTilloSupplier, TILLO_TIMEOUT_MS, type TilloOptions, tilloSignature } from './tillo';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where codes are bought (simulator or Tillo); tests pass their own through buildApp({ supplier }). */
    voucherSupplier: VoucherSupplier;
  }
}

export function createVoucherSupplier(
  config: Pick<Config, 'voucherSupplier' | 'voucherEncryptionKey'>,
  deps: { clock?: () => Date } = {},
): VoucherSupplier {
  const chosen = config.voucherSupplier;
  if (chosen.name === 'tillo') {
    return createTilloSupplier({
      apiUrl: chosen.apiUrl,
      apiKey: chosen.apiKey,
      apiSecret: chosen.apiSecret,
      sector: chosen.sector,
      clock: deps.clock,
    });
  }
  // The deployment's voucher key, under a label of its own, derives the simulator's cards.
  return new SupplierSimulator({
    secret: `supplier-simulator:${config.voucherEncryptionKey}`,
    delayMs: chosen.delayMs,
  });
}
