/** The users module's public face: the account, as other modules may read it. */
export { getCurrentUser, toCurrentUser } from './account-service';
export {
  type AccountSummary,
  findAccountProfile,
  findAccountSummaries,
  findUserByEmail,
  findUserContacts,
  findUsersByEmails,
  searchAccountsByEmail,
  type UserContact,
} from './directory';
export { usersRoutes } from './routes';
