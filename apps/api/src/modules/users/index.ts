/** The users module's public face: the account, as other modules may read it, and its routes. */
export { getCurrentUser, toCurrentUser } from './account-service';
export {
  type AccountSummary,
  accountsByEmailRelation,
  findAccountProfile,
  findAccountSummaries,
  findUserByEmail,
  findUserContacts,
  searchAccountsByEmail,
  type UserContact,
} from './directory';
export { userRoutes } from './routes';
