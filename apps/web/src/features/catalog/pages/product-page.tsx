import { QueryError } from '@gvm/ui/query-error';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ApiError, toApiError } from '@/lib/api-client';
import { useProduct } from '../api/get-product';
import { ProductDetailSkeleton } from '../components/product-detail-skeleton';
import { ProductDetailView } from '../components/product-detail-view';

/** Shown only for an unknown product, so not part of the page's first load (decision 023). */
const ProductDetailNotFound = lazy(() =>
  import('../components/product-detail-not-found').then((module) => ({ default: module.ProductDetailNotFound })),
);

/** docs/product/browsing.md#product-page (/product/:id): viewable without login. */
export function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const notFound = product.error instanceof ApiError && product.error.status === 404;
  const name = product.data?.merchant.name;

  usePageMeta(
    name ?? (notFound ? 'Product not found' : 'Gift Card'),
    name
      ? `Buy a ${name} gift card: choose a value, send it by e-mail or keep it in your wallet.`
      : 'A gift card on UGM Gift Marketplace.',
  );

  if (product.isPending) return <ProductDetailSkeleton />;
  if (notFound) {
    return (
      <Suspense fallback={<ProductDetailSkeleton />}>
        <ProductDetailNotFound />
      </Suspense>
    );
  }
  if (product.isError) {
    return (
      <div className="px-4 py-16">
        <QueryError message={toApiError(product.error).message} onRetry={() => product.refetch()} />
      </div>
    );
  }
  return <ProductDetailView product={product.data} />;
}
