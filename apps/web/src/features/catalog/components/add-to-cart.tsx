import type { Product } from '@gvm/contract';
import { QUANTITY_LIMIT_MESSAGE } from '@gvm/contract/cart-limits';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { AddToCartButton, INVALID_VALUE } from './add-to-cart-button';

interface AddToCartProps {
  product: Product;
  value: number | null;
  quantity: number;
  /** Tells the pickers to hold still while the line is being added. */
  onPendingChange(pending: boolean): void;
}

/**
 * Add To Cart with the cart behind it (spec 000 sections 4, 5 and 8), loaded by
 * `ProductDetailPurchase` after the page's first render: the cart's code (the local store, the
 * server cart's calls) is not needed to draw the product (decision 023).
 */
export default function AddToCart({ product, value, quantity, onPendingChange }: AddToCartProps) {
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
      // Spec 000 section 8: the server's error text, else the value message; a guest's line already
      // holding 5 is told so in the server's words.
      const limit = error instanceof Error && error.message === QUANTITY_LIMIT_MESSAGE;
      toast.error(error instanceof ApiError || limit ? (error as Error).message : INVALID_VALUE);
      setAdding(false);
    }
  }

  return <AddToCartButton disabled={value === null || !(value > 0) || pending} pending={pending} onClick={addToCart} />;
}
