/**
 * The outreach module's public face: what other modules may read of contact messages, the shop's
 * forms (./routes) and the console's messages and partner applications (./ops-routes, decision 050).
 */
export { contactMessagesFrom } from './customer-messages';
export { outreachOpsRoutes } from './ops-routes';
export { outreachRoutes } from './routes';
