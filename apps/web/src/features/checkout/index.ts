/**
 * The checkout feature's public face. Its pages (/checkout, /confirmation) are the router's, loaded
 * lazily from pages/. The gifts feature lists the gifts of one purchase from its payment status.
 */
export { useOrderStatus } from './api/get-order-status';
