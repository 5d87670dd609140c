import {
  errorResponseSchema,
  googleAuthRequestSchema,
  googleLoginResponseSchema,
  googleSignUpResponseSchema,
} from '@gvm/contract';
import type { App } from '../../app-types';
import { logInWithGoogle, signUpWithGoogle, verifyGoogleAccessToken } from './google-service';
import { limits } from './rate-limits';
import { rejectInvalidRequest } from './request-validation';

/**
 * One path for Google login and sign-up, as the client calls it (spec 000 section 7); `mode`
 * tells them apart so login for an unknown account is a 404 and sign-up for a known one a 409.
 */
export async function googleRoutes(app: App): Promise<void> {
  app.post(
    '/users/auth/google/token',
    {
      attachValidation: true,
      preHandler: rejectInvalidRequest,
      config: limits.google,
      schema: {
        body: googleAuthRequestSchema,
        response: {
          200: googleLoginResponseSchema,
          201: googleSignUpResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { accessToken, mode, name } = request.body;
      const identity = await verifyGoogleAccessToken(app.appConfig, accessToken, request.log);
      const now = app.clock();
      if (mode === 'signup') {
        const tokens = await signUpWithGoogle(app.db, app.appConfig, identity, name, now);
        return reply.status(201).send({ ...tokens, email: identity.email });
      }
      const tokens = await logInWithGoogle(app.db, app.appConfig, identity, now);
      return reply.status(200).send({ ...tokens, message: 'You have successfully logged in with Google.' });
    },
  );
}
