import { z } from 'zod';

/** How long Google's token-info endpoint gets before sign-in answers "unavailable" (never a hang). */
export const TOKEN_INFO_TIMEOUT_MS = 5_000;

/**
 * The fields we read from Google's token-info answer for an access token
 * (https://developers.google.com/identity/protocols/oauth2 — `GET tokeninfo?access_token=…`).
 * Google sends `email_verified` and `expires_in` as strings; both forms are accepted.
 */
const tokenInfoSchema = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  sub: z.string().min(1),
  email: z.string().min(3),
  email_verified: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true'),
  expires_in: z.coerce.number().optional(),
  name: z.string().optional(),
});

export type GoogleTokenInfo = z.output<typeof tokenInfoSchema>;

export type TokenInfoResult =
  | { kind: 'valid'; info: GoogleTokenInfo }
  /** Google does not recognise the token (expired, revoked, forged). */
  | { kind: 'rejected' }
  /** Google could not be asked: network failure, timeout, 5xx or an answer we cannot read. */
  | { kind: 'unavailable'; reason: string };

/** Asks Google (or the configured stand-in) what an access token is. */
export async function fetchGoogleTokenInfo(
  baseUrl: string,
  accessToken: string,
  timeoutMs = TOKEN_INFO_TIMEOUT_MS,
): Promise<TokenInfoResult> {
  const url = new URL(baseUrl);
  url.searchParams.set('access_token', accessToken);
  let body: unknown;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      // Google answers 400 { error_description: 'Invalid Value' } for a token it does not know.
      if (response.status >= 400 && response.status < 500) return { kind: 'rejected' };
      return { kind: 'unavailable', reason: `token-info answered ${response.status}` };
    }
    body = await response.json();
  } catch (error) {
    // A timeout, a refused connection or a body that is not JSON: Google could not be asked.
    return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
  const parsed = tokenInfoSchema.safeParse(body);
  if (!parsed.success) return { kind: 'unavailable', reason: 'token-info answer had an unexpected shape' };
  return { kind: 'valid', info: parsed.data };
}
