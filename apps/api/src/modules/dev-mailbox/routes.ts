import { z } from 'zod';
import type { App } from '../../app-types';
import { renderMailboxPage } from './page';
import { listRecentMail } from './service';

// A developer tool, not part of the product's API contract: its shapes live here, not in
// @gvm/contract. The e2e helper (e2e/tests/mailbox.ts) reads the JSON form.
const mailboxQuery = z.object({ to: z.string().trim().min(1).max(320).optional() });
const mailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  status: z.string(),
});

/**
 * The dev mailbox (ARCHITECTURE.md section 4): every queued e-mail, readable without a mail
 * server. Registered only outside production, so there these paths do not exist.
 */
export async function devMailboxRoutes(app: App): Promise<void> {
  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        querystring: mailboxQuery,
        response: { 200: z.object({ messages: z.array(mailboxMessage) }) },
      },
    },
    async (request) => ({ messages: await listRecentMail(app.db, request.query.to) }),
  );

  app.get('/dev/mailbox', { schema: { querystring: mailboxQuery } }, async (request, reply) => {
    const messages = await listRecentMail(app.db, request.query.to);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMailboxPage(messages, request.query.to));
  });
}
