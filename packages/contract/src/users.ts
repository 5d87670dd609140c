import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';
import { secretInUrl } from './url-secrets';

/**
 * Accounts and sessions (docs/product/accounts.md#sessions). The same schemas
 * validate the web forms and the API, so a message the user sees is the one the server sends.
 */

export const LOGIN_CODE_LENGTH = 6;
export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;

/** An e-mail address, normalised (trimmed, lower-case) before it is checked. */
export const emailSchema = text('Please enter a valid email address')
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'));

export const generateCodeRequestSchema = z.object({ email: emailSchema });
export type GenerateCodeRequest = z.input<typeof generateCodeRequestSchema>;

/** The same answer for every address, known or not (docs/product/accounts.md#sign-in-by-code). */
export const generateCodeResponseSchema = z.object({ success: z.literal(true) });
export type GenerateCodeResponse = z.infer<typeof generateCodeResponseSchema>;

export const loginCodeSchema = text('Please enter the 6-digit verification code')
  .trim()
  .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), 'Please enter the 6-digit verification code');

export const loginRequestSchema = z.object({ email: emailSchema, loginCode: loginCodeSchema });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** An access token (JWT, 15 minutes) and an opaque refresh token (rotated on every use). */
export const sessionTokensSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

export const refreshTokenRequestSchema = z.object({
  refreshToken: text('A refresh token is required').min(1, 'A refresh token is required').max(512),
});
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequestSchema>;

/**
 * docs/product/accounts.md#sessions: the refresh answers a token and optionally a new refresh token. This server
 * always rotates it, but a client keeps its refresh token when none comes back.
 */
export const refreshTokenResponseSchema = sessionTokensSchema.partial({ refreshToken: true });
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

export const logoutRequestSchema = refreshTokenRequestSchema;
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const usernameSchema = text('Please choose a username')
  .trim()
  .toLowerCase()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(USERNAME_PATTERN, 'Username may only contain letters, digits and underscores');

export const signUpNameSchema = text('Please enter your name')
  .trim()
  .min(1, 'Please enter your name')
  .max(100, 'Name must be at most 100 characters');

export const registerRequestSchema = z.object({
  email: emailSchema,
  consumer: z.object({ name: signUpNameSchema }),
  role: z.literal('consumer', 'Only consumer accounts can be registered'),
  username: usernameSchema,
  selectedPersonas: z.array(text().trim().min(1).max(50)).max(20).default([]),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const verifyEmailParamsSchema = z.object({ token: secretInUrl(text(), 'an e-mail verification token') });

export const signedInResponseSchema = sessionTokensSchema.extend({ message: z.string() });
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

/** One path for Google sign-in and sign-up; `mode` tells them apart (default login). */
export const googleAuthRequestSchema = z.object({
  accessToken: text('A Google access token is required').min(1).max(4096),
  mode: z.enum(['login', 'signup']).default('login'),
  /** The name the client read from Google's user-info service, used when token-info has none. */
  name: text().trim().max(100).optional(),
});
export type GoogleAuthRequest = z.input<typeof googleAuthRequestSchema>;

export const googleLoginResponseSchema = signedInResponseSchema;
export type GoogleLoginResponse = z.infer<typeof googleLoginResponseSchema>;

export const googleSignUpResponseSchema = sessionTokensSchema.extend({ email: z.string() });
export type GoogleSignUpResponse = z.infer<typeof googleSignUpResponseSchema>;

/** GET /users/me. `createdAt` is an ISO 8601 timestamp. */
export const currentUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
  consumer: z.object({ name: z.string(), phoneNumber: z.string().nullable() }),
  role: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Settings name (docs/product/accounts.md#account-and-settings). */
export const accountNameSchema = text('Name is required')
  .trim()
  .min(1, { error: 'Name is required', abort: true })
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

const PHONE_MESSAGE = 'Please enter a valid phone number or leave it empty';

/** Settings phone (docs/product/accounts.md#account-and-settings): may be empty, which clears it (null). */
export const accountPhoneSchema = text(PHONE_MESSAGE)
  .trim()
  .max(30, 'Phone number must be at most 30 characters')
  .refine((value) => value === '' || value.length >= 3, { error: PHONE_MESSAGE, abort: true })
  .refine((value) => /^[0-9 +()-]*$/.test(value), 'Phone number may contain only digits, spaces and + ( ) -')
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** The settings form's own fields, for the web form and the server alike. */
export const accountDetailsSchema = z.object({ name: accountNameSchema, phoneNumber: accountPhoneSchema });
export type AccountDetailsInput = z.input<typeof accountDetailsSchema>;

const readOnly = (field: string) =>
  z
    .unknown()
    .refine((value) => value === undefined, `Your ${field} cannot be changed`)
    .optional();

/**
 * PATCH /users/me: the dotted keys the client sends ('consumer.name', 'consumer.phoneNumber'),
 * or the same fields nested under `consumer`. Username and e-mail are read-only.
 */
export const updateCurrentUserRequestSchema = z
  .object({
    'consumer.name': accountNameSchema.optional(),
    'consumer.phoneNumber': accountPhoneSchema.optional(),
    consumer: z.object({ name: accountNameSchema.optional(), phoneNumber: accountPhoneSchema.optional() }).optional(),
    username: readOnly('username'),
    email: readOnly('email'),
  })
  .transform(({ consumer, ...dotted }) => ({
    name: dotted['consumer.name'] ?? consumer?.name,
    phoneNumber: dotted['consumer.phoneNumber'] !== undefined ? dotted['consumer.phoneNumber'] : consumer?.phoneNumber,
  }))
  .refine((change) => change.name !== undefined || change.phoneNumber !== undefined, 'Nothing to update');
export type UpdateCurrentUserRequest = z.input<typeof updateCurrentUserRequestSchema>;

export const updateCurrentUserResponseSchema = z.object({ message: z.string(), user: currentUserSchema });
export type UpdateCurrentUserResponse = z.infer<typeof updateCurrentUserResponseSchema>;

/**
 * A username from a display name (docs/product/accounts.md#sign-up): spaces removed, lower-case, padded to at
 * least 3 characters, cut to 8, then the last 4 digits of the time and a 3-digit random number.
 * Characters a username may not hold are dropped too, so the result always passes
 * `usernameSchema`; on a 409 the caller simply generates another.
 */
export function generateUsername(name: string, nowMs: number, random: () => number = Math.random): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .padEnd(3, '0')
    .slice(0, 8);
  const time = String(nowMs).slice(-4).padStart(4, '0');
  const suffix = String(Math.floor(random() * 1000)).padStart(3, '0');
  return `${base}${time}${suffix}`;
}

/** Passwordless sign-up and sign-in, by e-mailed code or Google, and the session's refresh and logout. */
export const authEndpoints = {
  generateCode: defineEndpoint({
    method: 'POST',
    path: '/users/generate-code',
    summary: 'E-mail a 6-digit sign-in code (the same answer whether or not the address has an account)',
    body: generateCodeRequestSchema,
    responses: { 200: generateCodeResponseSchema, ...errorResponses(400, 429) },
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/users/login',
    summary: 'Sign in with the e-mailed code',
    body: loginRequestSchema,
    responses: { 200: sessionTokensSchema, ...errorResponses(400, 401, 429) },
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/users/register',
    summary: 'Create a consumer account and e-mail its verification link',
    body: registerRequestSchema,
    responses: { 201: registerResponseSchema, ...errorResponses(400, 409, 429) },
  }),
  verifyEmail: defineEndpoint({
    method: 'GET',
    path: '/users/verify/:token',
    summary: 'Open a verification link: confirms the address and signs the new user in',
    params: verifyEmailParamsSchema,
    // 409: the link no longer works, and the caller is signed in to its (so verified) account.
    responses: { 200: signedInResponseSchema, ...errorResponses(400, 401, 409, 429) },
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/users/refresh-token',
    summary: 'Exchange a refresh token for a new access token and a rotated refresh token',
    body: refreshTokenRequestSchema,
    responses: { 200: refreshTokenResponseSchema, ...errorResponses(400, 401, 429) },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/users/logout',
    summary: "End the refresh token's session (needs no access token)",
    body: logoutRequestSchema,
    responses: { 204: z.null(), ...errorResponses(400) },
  }),
  google: defineEndpoint({
    method: 'POST',
    path: '/users/auth/google/token',
    summary: 'Google login (200; 404 without an account) or sign-up (201; 409 when the account exists)',
    body: googleAuthRequestSchema,
    responses: {
      200: googleLoginResponseSchema,
      201: googleSignUpResponseSchema,
      ...errorResponses(400, 401, 404, 409, 429, 503),
    },
  }),
};

/** The signed-in user's own account (docs/product/accounts.md#account-and-settings). */
export const userEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/users/me',
    summary: 'The signed-in user',
    responses: { 200: currentUserSchema, ...errorResponses(401) },
  }),
  updateMe: defineEndpoint({
    method: 'PATCH',
    path: '/users/me',
    summary: "Change the signed-in user's name and phone number",
    body: updateCurrentUserRequestSchema,
    responses: { 200: updateCurrentUserResponseSchema, ...errorResponses(400, 401) },
  }),
};
