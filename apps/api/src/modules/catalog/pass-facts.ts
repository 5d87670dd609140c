import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema/catalog';

/** What a wallet pass takes of the merchant's product (decision 071): colours, barcode, terms. */
export interface PassFacts {
  brandColor: string;
  barcodeFormat: 'qr' | 'code128';
  termsAndConditions: string;
}

/** A product's pass facts by its code; the defaults for a product that left the catalogue. */
export async function passFactsOf(db: Executor, productCode: string): Promise<PassFacts> {
  const [row] = await db
    .select({
      brandColor: products.brandColor,
      barcodeFormat: products.barcodeFormat,
      termsAndConditions: products.termsAndConditions,
    })
    .from(products)
    .where(eq(products.code, productCode))
    .limit(1);
  return row ?? { brandColor: '#000000', barcodeFormat: 'qr', termsAndConditions: '' };
}
