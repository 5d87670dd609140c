import { devMailboxEndpoints, mailboxQuerySchema } from '@gvm/contract';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { comesFromThisMachine, isAddressedToThisMachine } from './gate';
import { renderMailboxPage } from './page';
import { listRecentMail } from './service';

/**
 * The dev mailbox (README.md#configuration): every queued e-mail, readable without a mail
 * server. Registered only outside production, so there these paths do not exist. The JSON list
 * (read by e2e/tests/mailbox.ts) is described in @gvm/contract; the page is the same list as HTML.
 */
export async function devMailboxRoutes(app: App): Promise<void> {
  // Served to this machine only, whatever interface the server listens on, and only under a
  // loopback name, so that a page of another site cannot read it by DNS rebinding (decisions 043
  // and 064).
  app.addHook('onRequest', async (request, reply) => {
    if (!comesFromThisMachine(request) || !isAddressedToThisMachine(request)) return absent(request, reply);
  });
  app.route({
    ...fromContract(devMailboxEndpoints.messages),
    handler: async (request) => ({ messages: await listRecentMail(app.db, request.query.to) }),
  });

  app.get('/dev/mailbox', { schema: { querystring: mailboxQuerySchema } }, async (request, reply) => {
    const messages = await listRecentMail(app.db, request.query.to);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMailboxPage(messages, request.query.to));
  });
}

/**
 * Where the dev mailbox is not served (decision 027), its paths answer 404 themselves instead of
 * falling through to the web app's index.html: nobody should take the shop's page for a mailbox.
 */
const absent = async (_request: unknown, reply: FastifyReply) => reply.status(404).send({ error: 'Not found' });

export async function devMailboxAbsentRoutes(app: App): Promise<void> {
  app.get('/dev/mailbox', absent);
  app.get('/dev/mailbox/*', absent);
}
