import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../../app-types';
import { renderClosedPage, renderNotFoundPage, renderPayPage } from './page';
import { PAY_PAGE_PATH } from './pay-page-path';
import type { PaymentSimulator } from './simulator';

/**
 * The simulator's hosted page, `/pay/:sessionId` (outside /api/v1: it stands for a provider's
 * site). GET shows the card form; the form posts back here and is answered with a 303 to where
 * the browser goes next, or with the page again and its messages.
 */
const paramsSchema = z.object({ sessionId: z.string() });
const formSchema = z.object({
  cardNumber: z.string().max(40).default(''),
  expiry: z.string().max(20).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(200).default(''),
});

export function payPageRoutes(simulator: PaymentSimulator, publicUrl: string) {
  // The page's own policy, as a provider's page has: no script at all, and the form may send the
  // browser on only to this app (the 303 to PUBLIC_URL counts as form navigation in browsers).
  const contentSecurityPolicy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    'img-src data:',
    `form-action 'self' ${new URL(publicUrl).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy)
      .header('referrer-policy', 'no-referrer')
      .send(html);

  return async function registerPayPage(app: App): Promise<void> {
    // Encapsulated here: the rest of the app takes no form posts.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get(PAY_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
      const session = await simulator.findSession(paramsSchema.parse(request.params).sessionId);
      if (!session) return sendPage(reply, 404, renderNotFoundPage());
      if (session.state !== 'open') return sendPage(reply, 200, renderClosedPage(session));
      return sendPage(reply, 200, renderPayPage(session));
    });

    app.post(PAY_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
      const session = await simulator.findSession(paramsSchema.parse(request.params).sessionId);
      if (!session) return sendPage(reply, 404, renderNotFoundPage());
      const parsed = formSchema.safeParse(request.body ?? {});
      const form = parsed.success ? parsed.data : formSchema.parse({});
      const outcome = await simulator.payWithCard(session, form);
      switch (outcome.kind) {
        case 'redirect':
          return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
        case 'retry':
          // 200, as a provider's page re-renders: the browser shows the messages, not an error.
          return sendPage(
            reply,
            200,
            renderPayPage(session, { values: form, errors: outcome.errors, declined: outcome.declined }),
          );
        case 'closed':
          return sendPage(reply, 200, renderClosedPage(session));
      }
    });
  };
}
