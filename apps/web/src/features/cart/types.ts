/**
 * A recipient attached to a cart item (docs/product/buying.md#recipients: the persisted cart keeps
 * `recipients[]` each with an `id`). Name, e-mail and message are what checkout sends.
 */
export interface CartRecipient {
  id: string;
  name: string;
  email: string;
  message?: string;
}

/**
 * One line of the guest cart as persisted under `cart-storage`. The spec fixes `_id`, `productId`,
 * `quantity`, `selectedValue` and `recipients`; the merchant name, image, currency and product code
 * are kept too so the cart page can show the line without fetching the product again.
 * `selectedValue` is in major units, as the product arrives on the wire. Signed-in users' server
 * lines (the contract's `CartItem`, with the whole product) are shown as this too (`lib/to-cart-line.ts`).
 */
export interface CartLine {
  _id: string;
  productId: string;
  productCode: string;
  merchantName: string;
  imageUrl: string;
  currency: string;
  selectedValue: number;
  quantity: number;
  recipients: CartRecipient[];
}

/** What Add To Cart hands over: everything but the local id and the (empty) recipients. */
export type NewCartLine = Omit<CartLine, '_id' | 'recipients'>;

/** The estimate for one currency: a cart mixing currencies has one total per currency. */
export interface CurrencyTotal {
  currency: string;
  /** Major units, for display with `formatMoney`. */
  amount: number;
}

/**
 * The cart as pages see it, whoever holds it (the browser for guests today; the server for
 * signed-in users later — see hooks/use-cart.ts). Actions are async so a server-backed
 * implementation fits behind the same signatures.
 */
export interface CartApi {
  items: CartLine[];
  totals: CurrencyTotal[];
  /** Number of vouchers (sum of quantities), e.g. for a header badge. */
  count: number;
  /** True while the cart is first being loaded (always false for the guest cart). */
  isLoading: boolean;
  /** True while a change is being saved; buttons are disabled meanwhile (docs/product/buying.md#cart). */
  isPending: boolean;
  /** Why the cart could not be loaded, if it could not (always null for the guest cart). */
  loadError: string | null;
  retryLoad(): void;
  addItem(item: NewCartLine): Promise<void>;
  removeItem(itemId: string): Promise<void>;
  changeQuantity(itemId: string, quantity: number): Promise<void>;
}
