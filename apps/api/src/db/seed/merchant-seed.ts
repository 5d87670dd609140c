import type { CategoryValue } from '@gvm/contract';

/** One partner merchant of the seed catalogue. Money in minor units (pence, cents). */
export interface MerchantSeed {
  name: string;
  code: string;
  category: CategoryValue;
  description: string;
  terms: string;
  currency: 'GBP' | 'EUR' | 'USD';
  countries: string[];
  denominations: number[];
  minPrice: number;
  maxPrice: number;
  color: string;
  popularity: number;
  redemptionUrl: string;
}
