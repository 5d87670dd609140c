import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ChatBus } from './bus';

/** What the chat's services need: the database, the settings, the app's clock and the bus. */
export interface ChatContext {
  db: Database;
  config: Config;
  clock: () => Date;
  bus: ChatBus;
}
