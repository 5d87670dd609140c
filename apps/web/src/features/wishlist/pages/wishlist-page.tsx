import { QueryError } from '@gvm/ui/query-error';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { WishlistEmptyState } from '../components/wishlist-empty-state';
import { WishlistGrid, WishlistGridSkeleton } from '../components/wishlist-grid';
import { useAddPendingWishlistItem } from '../hooks/use-add-pending-wishlist-item';
import { useWishlist } from '../hooks/use-wishlist';

/** The live chat's launcher (docs/product/support-chat.md#in-the-browser): its code loads after the page's, from the page (decision 054). */
const SupportChat = lazy(() => import('@/features/support-chat').then((chat) => ({ default: chat.SupportChat })));

/**
 * /wishlist (docs/product/browsing.md#wishlist): login required (the router guards it). The products of the
 * user's first wishlist; a guest's favourite from before signing in is added on arrival.
 */
export function WishlistPage() {
  usePageMeta('Wishlists', 'The gift cards you have saved for later.');
  useAddPendingWishlistItem();
  const user = useCurrentUser();
  const { wishlists, wishlist } = useWishlist();

  let content: ReactNode;
  if (user.isError) {
    content = <QueryError message={user.error.message} onRetry={() => user.refetch()} />;
  } else if (wishlists.isError) {
    content = <QueryError message={wishlists.error.message} onRetry={() => wishlists.refetch()} />;
  } else if (user.isPending || wishlists.isPending) {
    content = <WishlistGridSkeleton />;
  } else if (!wishlist || wishlist.items.length === 0) {
    content = <WishlistEmptyState />;
  } else {
    content = <WishlistGrid items={wishlist.items} />;
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">WISHLISTS</h1>
      <div className="mt-8">{content}</div>
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </section>
  );
}
