import type { cartEndpoints, catalogEndpoints, userEndpoints, wishlistEndpoints } from '@gvm/contract';

/**
 * The endpoints the shell and the first pages (/, /product/:id, /cart) call, as `callEndpoint`'s
 * lazy form: each description, with its schemas and zod, is fetched on the first call rather than
 * with the page (decision 023). `callEndpoint(catalogEndpoint('search'), { query })` is otherwise
 * the same call as `callEndpoint(catalogEndpoints.search, { query })`; other pages, loaded on
 * demand anyway, import the descriptions directly.
 */
export const catalogEndpoint =
  <K extends keyof typeof catalogEndpoints>(name: K) =>
  () =>
    import('@gvm/contract/catalog').then((module) => module.catalogEndpoints[name]);

export const cartEndpoint =
  <K extends keyof typeof cartEndpoints>(name: K) =>
  () =>
    import('@gvm/contract/carts').then((module) => module.cartEndpoints[name]);

export const wishlistEndpoint =
  <K extends keyof typeof wishlistEndpoints>(name: K) =>
  () =>
    import('@gvm/contract/wishlists').then((module) => module.wishlistEndpoints[name]);

export const userEndpoint =
  <K extends keyof typeof userEndpoints>(name: K) =>
  () =>
    import('@gvm/contract/users').then((module) => module.userEndpoints[name]);
