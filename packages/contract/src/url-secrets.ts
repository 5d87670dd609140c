import { z } from 'zod';

/**
 * Request fields that carry a secret in the URL: a gift's claim token, an e-mail verification
 * token, a checkout's poll key. Whoever reads one can take the gift, the account or the payment's
 * orders, so the API keeps every such value out of its log (decision 043), however the path is
 * spelled. A path parameter or query field is marked where its endpoint is described,
 * `token: secretInUrl(text())`, and the API finds the marks on every endpoint of the contract
 * (apps/api/src/lib/url-secrets.ts). Mark the field's outermost schema (`secretInUrl(x.optional())`).
 */
export const urlSecretFields = z.registry<{ what: string }>();

/** `schema`, marked as a secret that travels in a URL; `what` says what it opens. */
export function secretInUrl<S extends z.ZodType>(schema: S, what: string): S {
  urlSecretFields.add(schema, { what });
  return schema;
}
