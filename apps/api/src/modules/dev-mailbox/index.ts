/**
 * The dev mailbox (development only, decision 027): /dev/mailbox where it may be served, and its
 * absence answered where it may not.
 */
export { servesDevMailbox } from './gate';
export { devMailboxAbsentRoutes, devMailboxRoutes } from './routes';
