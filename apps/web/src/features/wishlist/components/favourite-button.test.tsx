import {
  type Product,
  WISHLIST_ITEM_ADDED_MESSAGE,
  WISHLIST_ITEM_REMOVED_MESSAGE,
  WISHLIST_LOGIN_REQUIRED_MESSAGE,
  WISHLIST_NOT_FOUND_MESSAGE,
  type Wishlist,
  wishlistEndpoints,
} from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeEndpoint, installFakeApi, type SentRequest } from '@/test/fake-api';
import { testProduct } from '@/test/products';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { addToWishlist } from '../api/add-wishlist-item';
import { PENDING_WISHLIST_ITEM_KEY } from '../lib/pending-wishlist-item';
import { FavouriteButton } from './favourite-button';

const ada = testUser();
const argos = testProduct();
const catalogue = new Map<string, Product>([[argos._id, argos]]);
let restoreApi = () => {};

/** Ada's wishlists as the server holds them (none at all when `lists` is empty: GET answers 404). */
function serveWishlists(lists: Wishlist[]): SentRequest[] {
  const own = (id: string) => lists.find((list) => list._id === id);
  const fake = installFakeApi({
    ...fakeEndpoint(wishlistEndpoints.list, () =>
      lists.length === 0
        ? { status: 404, body: { error: WISHLIST_NOT_FOUND_MESSAGE } }
        : { status: 200, body: { wishlists: lists } },
    ),
    ...fakeEndpoint(wishlistEndpoints.create, () => {
      const created: Wishlist = { _id: `wishlist-${lists.length + 1}`, name: 'My Wishlist', items: [] };
      lists.push(created);
      return { status: 201, body: created };
    }),
    ...fakeEndpoint(wishlistEndpoints.addItem, ({ params, body }) => {
      const list = own(params.wishlistId);
      const product = catalogue.get(body.productId);
      if (!list || !product) return { status: 404, body: { error: 'Not found' } };
      if (!list.items.some((item) => item.productId === body.productId)) {
        list.items.push({ productId: body.productId, product });
      }
      return { status: 200, body: { message: WISHLIST_ITEM_ADDED_MESSAGE, wishlist: list } };
    }),
    ...fakeEndpoint(wishlistEndpoints.removeItem, ({ params }) => {
      const list = own(params.wishlistId);
      if (!list) return { status: 404, body: { error: WISHLIST_NOT_FOUND_MESSAGE } };
      list.items = list.items.filter((item) => item.productId !== params.productId);
      return { status: 200, body: { message: WISHLIST_ITEM_REMOVED_MESSAGE, wishlist: list } };
    }),
  });
  restoreApi = fake.restore;
  return fake.requests;
}

function LoginPage() {
  const location = useLocation();
  return <h1>Login page {location.search}</h1>;
}

function renderHeart({ signedIn }: { signedIn: boolean }) {
  const queryClient = createQueryClient();
  if (signedIn) signInAs(queryClient, ada);
  const router = createMemoryRouter(
    [
      { path: '/', element: <FavouriteButton productId={argos._id} merchantName="Argos" /> },
      { path: '/login', Component: LoginPage },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), queryClient };
}

const sent = (requests: SentRequest[]) => requests.map((r) => `${r.method} ${r.path}`);

afterEach(() => {
  restoreApi();
  signOut();
});

describe('the favourite heart (docs/product/browsing.md#wishlist)', () => {
  it('a guest tapping the heart keeps the product as pendingWishlistItem and is sent to log in', async () => {
    const requests = serveWishlists([]);
    const { user } = renderHeart({ signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Add Argos to wishlist' }));
    expect(await screen.findByRole('heading', { name: 'Login page ?returnTo=/wishlist' })).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_WISHLIST_ITEM_KEY)).toBe(argos._id);
    expect(localStorage.getItem('returnTo')).toBe('/wishlist');
    expect(await screen.findByText(WISHLIST_LOGIN_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('creates a wishlist on the first add when the user has none (GET answered 404)', async () => {
    const requests = serveWishlists([]);
    const { user } = renderHeart({ signedIn: true });
    // A signed-in heart shows disabled until its code has loaded (decision 023).
    const heart = await waitFor(() => {
      const button = screen.getByRole('button', { name: 'Add Argos to wishlist' });
      expect(button).toBeEnabled();
      return button;
    });
    await user.click(heart);
    expect(await screen.findByRole('button', { name: 'Remove Argos from wishlist' })).toBeInTheDocument();
    expect(sent(requests)).toEqual([
      `GET /wishlists/${ada._id}`,
      'POST /wishlists',
      'POST /wishlists/wishlist-1/items',
    ]);
    expect(requests.at(-1)?.body).toEqual({ productId: argos._id });
  });

  it('adds to and removes from the existing first wishlist, showing the removal message', async () => {
    const requests = serveWishlists([
      { _id: 'wishlist-ada', name: 'My Wishlist', items: [{ productId: argos._id, product: argos }] },
    ]);
    const { user } = renderHeart({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Remove Argos from wishlist' }));
    expect(await screen.findByText(WISHLIST_ITEM_REMOVED_MESSAGE)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Argos to wishlist' }));
    expect(await screen.findByRole('button', { name: 'Remove Argos from wishlist' })).toBeInTheDocument();
    expect(sent(requests)).toEqual([
      `GET /wishlists/${ada._id}`,
      `DELETE /wishlists/wishlist-ada/items/${argos._id}`,
      'POST /wishlists/wishlist-ada/items',
    ]);
  });

  it('adds the pending favourite once signed in, and removes the key', async () => {
    const requests = serveWishlists([{ _id: 'wishlist-ada', name: 'My Wishlist', items: [] }]);
    localStorage.setItem(PENDING_WISHLIST_ITEM_KEY, argos._id);
    renderHeart({ signedIn: true });
    expect(await screen.findByRole('button', { name: 'Remove Argos from wishlist' })).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_WISHLIST_ITEM_KEY)).toBeNull();
    await waitFor(() =>
      expect(sent(requests).filter((r) => r.startsWith('POST'))).toEqual(['POST /wishlists/wishlist-ada/items']),
    );
  });

  it("an add without a wishlist id fails with 'Please log in to add items to your wishlist.'", async () => {
    const requests = serveWishlists([]);
    await expect(addToWishlist(createQueryClient(), { userId: undefined, productId: argos._id })).rejects.toThrow(
      WISHLIST_LOGIN_REQUIRED_MESSAGE,
    );
    expect(requests).toEqual([]);
  });
});
