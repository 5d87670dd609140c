import { opsInboxEndpoints as endpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { rejectInvalidRequests } from '../../plugins/route-groups';
import { operatorRoute, requireOperator } from '../operators';
import { listAssignees, listMessages, messageDetail, replyToMessage, updateMessage } from './messages-service';
import { addApplicationNote, applicationDetail, listApplications, setApplicationStatus } from './partners-service';

/**
 * The console's inbox (docs/product/operators.md#messages, #partners): contact messages need the
 * `messages` capability, partnership applications `partners`, checked on the server for every
 * route before it reads the request (decisions 045 and 066, `requireOperator` and
 * `operatorRoute`). Routes parse and answer; the services audit every change.
 */
export async function outreachOpsRoutes(app: App): Promise<void> {
  requireOperator(app);
  rejectInvalidRequests(app);
  operatorRoute(app, endpoints.messages, 'messages', async ({ actor, query }) => ({
    messages: await listMessages(app.db, actor.operatorId, query),
  }));

  operatorRoute(app, endpoints.messageAssignees, 'messages', async () => ({ operators: await listAssignees(app.db) }));

  operatorRoute(app, endpoints.message, 'messages', ({ params }) =>
    messageDetail(app.db, params.messageId.toLowerCase()),
  );

  operatorRoute(app, endpoints.replyToMessage, 'messages', ({ actor, params, body }) =>
    replyToMessage(app.db, app.appConfig, actor, params.messageId.toLowerCase(), body, app.clock()),
  );

  operatorRoute(app, endpoints.updateMessage, 'messages', ({ actor, params, body }) =>
    updateMessage(app.db, actor, params.messageId.toLowerCase(), body, app.clock()),
  );

  operatorRoute(app, endpoints.applications, 'partners', async ({ query }) => ({
    applications: await listApplications(app.db, query),
  }));

  operatorRoute(app, endpoints.application, 'partners', ({ params }) =>
    applicationDetail(app.db, params.applicationId.toLowerCase()),
  );

  operatorRoute(app, endpoints.addApplicationNote, 'partners', ({ actor, params, body }) =>
    addApplicationNote(app.db, actor, params.applicationId.toLowerCase(), body.body, app.clock()),
  );

  operatorRoute(app, endpoints.setApplicationStatus, 'partners', ({ actor, params, body }) =>
    setApplicationStatus(app.db, app.appConfig, actor, params.applicationId.toLowerCase(), body, app.clock()),
  );
}
