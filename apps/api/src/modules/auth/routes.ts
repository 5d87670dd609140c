import {
  errorResponseSchema,
  generateCodeRequestSchema,
  generateCodeResponseSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  sessionTokensSchema,
  signedInResponseSchema,
  verifyEmailParamsSchema,
} from '@gvm/contract';
import { z } from 'zod';
import type { App } from '../../app-types';
import { requestLoginCode, signInWithCode } from './login-code-service';
import { limits } from './rate-limits';
import { registerUser, verifyEmail } from './registration-service';
import { rejectInvalidRequest } from './request-validation';
import { revokeSession, rotateRefreshToken } from './session-service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

/** Passwordless sign-up and sign-in, and the session's refresh and logout (spec 000 section 7). */
export async function authRoutes(app: App): Promise<void> {
  const validated = { attachValidation: true, preHandler: rejectInvalidRequest } as const;

  app.post(
    '/users/generate-code',
    {
      ...validated,
      config: limits.generateCode(app.appConfig.loginCodeIpLimit),
      schema: { body: generateCodeRequestSchema, response: { 200: generateCodeResponseSchema, ...errors } },
    },
    async (request) => {
      await requestLoginCode(app.db, app.appConfig, request.body.email, app.clock());
      return { success: true as const };
    },
  );

  app.post(
    '/users/login',
    {
      ...validated,
      config: limits.login,
      schema: { body: loginRequestSchema, response: { 200: sessionTokensSchema, ...errors } },
    },
    (request) => signInWithCode(app.db, app.appConfig, request.body.email, request.body.loginCode, app.clock()),
  );

  app.post(
    '/users/register',
    {
      ...validated,
      config: limits.register(app.appConfig.signupIpLimit),
      schema: {
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await registerUser(app.db, app.appConfig, request.body, app.clock());
      return reply.status(201).send({
        success: true,
        message: `We've sent a validation email to ${request.body.email}. Please check your inbox.`,
      });
    },
  );

  app.get(
    '/users/verify/:token',
    {
      config: limits.verify,
      schema: { params: verifyEmailParamsSchema, response: { 200: signedInResponseSchema, ...errors } },
    },
    async (request) => {
      const tokens = await verifyEmail(app.db, app.appConfig, request.params.token, app.clock());
      return { ...tokens, message: 'Your account has been verified successfully.' };
    },
  );

  app.post(
    '/users/refresh-token',
    {
      ...validated,
      config: limits.refresh,
      schema: { body: refreshTokenRequestSchema, response: { 200: sessionTokensSchema, ...errors } },
    },
    (request) => rotateRefreshToken(app.db, app.appConfig, request.body.refreshToken, app.clock()),
  );

  // Needs no access token: a client whose access token has expired must still be able to log out.
  app.post(
    '/users/logout',
    { ...validated, schema: { body: logoutRequestSchema, response: { 204: z.null(), 400: errorResponseSchema } } },
    async (request, reply) => {
      await revokeSession(app.db, request.body.refreshToken, app.clock());
      return reply.status(204).send(null);
    },
  );
}
