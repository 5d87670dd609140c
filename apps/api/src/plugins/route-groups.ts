import type { App } from '../app-types';
import { rejectInvalidRequestHook } from '../lib/validation';

/**
 * What a group of routes shares, declared once on the group's own (encapsulated) instance
 * (decision 046):
 *
 *   await app.register(async (group) => {
 *     requireSignIn(group);
 *     rejectInvalidRequests(group);
 *     group.route({ ...fromContract(endpoint), handler });
 *   });
 *
 * Hooks added here run before a route's own hooks of the same kind, so a route's per-IP limit
 * (an onRequest hook of its own) counts only signed-in callers.
 */

/**
 * Every route of the group answers 401 unless the caller is signed in. `onRequest` refuses before
 * the body is read; `preHandler` after it has been parsed and validated, for routes that always
 * answered a malformed body first.
 */
export function requireSignIn(group: App, at: 'onRequest' | 'preHandler' = 'onRequest'): void {
  group.addHook(at, group.authenticate);
}

/**
 * Every route of the group answers a request its schema refuses with a 400 whose `error` is the
 * first field's message and whose `errors` name each field (`rejectInvalidRequestHook`), rather
 * than Fastify's own validation answer.
 */
export function rejectInvalidRequests(group: App): void {
  group.addHook('onRoute', (route) => {
    route.attachValidation = true;
  });
  group.addHook('preHandler', rejectInvalidRequestHook);
}
