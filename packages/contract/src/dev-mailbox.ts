import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';

/*
 * The dev mailbox (README.md#configuration): every queued e-mail, readable without a mail
 * server. A developer tool, registered only outside production and at the site's root rather than
 * under /api/v1, so it is left out of the API reference. Described here so that the API and the
 * e2e helper (e2e/tests/mailbox.ts) read one shape.
 */

export const mailboxQuerySchema = z.object({ to: text().trim().min(1).max(320).optional() });

/** One e-mail as the outbox holds it; `createdAt` is ISO 8601, the moment it was queued. */
export const mailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  status: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxMessagesSchema = z.object({ messages: z.array(mailboxMessageSchema) });
export type MailboxMessages = z.infer<typeof mailboxMessagesSchema>;

export const devMailboxEndpoints = {
  messages: defineEndpoint({
    method: 'GET',
    /** At the site's root, not under /api/v1. */
    path: '/dev/mailbox/messages',
    summary: 'The 50 most recent e-mails, newest first, to one address or to anyone',
    query: mailboxQuerySchema,
    responses: { 200: mailboxMessagesSchema, ...errorResponses(400) },
  }),
};
