/**
 * The passes module's public face (decision 071): its routes, the worker's loop that keeps passes
 * to their vouchers, and the downloads the console's timeline shows.
 */

export { passRoutes } from './routes';
export { walletDownloadsOfVoucher } from './timeline';
export { PassUpdater, startPassUpdates } from './updates';
