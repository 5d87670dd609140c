/** The outreach module's public face: what other modules may read of contact messages. */
export { contactMessagesFrom } from './customer-messages';
