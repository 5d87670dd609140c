import type { Product } from '@gvm/contract';
import { QUANTITY_LIMIT_MESSAGE } from '@gvm/contract/cart-limits';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { INVALID_VALUE } from './add-to-cart-button';

/** Adds the chosen value and quantity to the cart, then opens it (or says why not). */
export type AddToCartAction = () => Promise<void>;

interface AddToCartProps {
  product: Product;
  value: number | null;
  quantity: number;
  /** Given the current add action after every render (the button calls it). */
  onReady(add: AddToCartAction): void;
  /** Tells the pickers to hold still while the line is being added. */
  onPendingChange(pending: boolean): void;
}

/**
 * The cart behind Add To Cart (docs/product/browsing.md#product-page), loaded by `ProductDetailPurchase`
 * when the shopper first reaches for the button: the cart's code (the local store, the server
 * cart's calls) is not needed to draw the product (decision 023). Draws nothing; it hands the
 * button its action through `onReady`.
 */
export default function AddToCart({ product, value, quantity, onReady, onPendingChange }: AddToCartProps) {
  const cart = useCart();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const pending = adding || cart.isPending;

  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);

  async function addToCart() {
    if (value === null || !(value > 0)) {
      toast.error(INVALID_VALUE);
      return;
    }
    setAdding(true);
    try {
      await cart.addItem({
        productId: product._id,
        productCode: product.productCode,
        merchantName: product.merchant.name,
        imageUrl: product.imageUrl,
        currency: product.currency,
        selectedValue: value,
        quantity,
      });
      toast.success('Added product to cart');
      navigate(paths.cart);
    } catch (error) {
      // docs/product/browsing.md#product-page: the server's error text, else the value message; a guest's line already
      // holding 5 is told so in the server's words.
      const limit = error instanceof Error && error.message === QUANTITY_LIMIT_MESSAGE;
      toast.error(error instanceof ApiError || limit ? (error as Error).message : INVALID_VALUE);
      setAdding(false);
    }
  }

  useEffect(() => onReady(addToCart));
  return null;
}
