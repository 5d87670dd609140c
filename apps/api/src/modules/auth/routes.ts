import { authEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequests } from '../../plugins/route-groups';
import { logInWithGoogle, signUpWithGoogle, verifyGoogleAccessToken } from './google-service';
import { limits } from './limits';
import { requestLoginCode, signInWithCode } from './login-code-service';
import { registerUser, verifyEmail } from './registration-service';
import { revokeSession, rotateRefreshToken } from './session-service';

/**
 * Passwordless sign-up and sign-in by e-mailed code or Google, and the session's refresh and
 * logout (docs/product/accounts.md#sessions). A 400 names the first invalid field, as the client shows it.
 */
export async function authRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(authEndpoints.verifyEmail),
    config: limits.verify(app.appConfig.verifyIpLimit),
    handler: async (request, reply) => {
      // No sign-in needed; a caller who is signed in is told when the link is their own, used.
      const callerId = request.headers.authorization
        ? await app.authenticate(request, reply).then(
            () => request.user?.id ?? null,
            () => null,
          )
        : null;
      const tokens = await verifyEmail(
        app.db,
        app.appConfig,
        { token: request.params.token, ip: request.ip, callerId },
        app.clock(),
      );
      return { ...tokens, message: 'Your account has been verified successfully.' };
    },
  });

  await app.register(validatedAuthRoutes);
}

/** Every auth route that reads a body: its 400 names the first invalid field. */
async function validatedAuthRoutes(app: App): Promise<void> {
  rejectInvalidRequests(app);

  app.route({
    ...fromContract(authEndpoints.generateCode),
    config: limits.generateCode(app.appConfig.loginCodeIpLimit),
    handler: async (request) => {
      await requestLoginCode(app.db, app.appConfig, { email: request.body.email, ip: request.ip }, app.clock());
      return { success: true as const };
    },
  });

  app.route({
    ...fromContract(authEndpoints.login),
    config: limits.login(app.appConfig.loginIpLimit),
    handler: (request) =>
      signInWithCode(
        app.db,
        app.appConfig,
        { email: request.body.email, code: request.body.loginCode, ip: request.ip },
        app.clock(),
      ),
  });

  app.route({
    ...fromContract(authEndpoints.register),
    config: limits.register(app.appConfig.signupIpLimit),
    handler: async (request, reply) => {
      await registerUser(app.db, app.appConfig, request.body, app.clock());
      return reply.status(201).send({
        success: true,
        message: `We've sent a validation email to ${request.body.email}. Please check your inbox.`,
      });
    },
  });

  app.route({
    ...fromContract(authEndpoints.refresh),
    config: limits.refresh,
    // A reused refresh token revokes its whole family: every instance refuses its access tokens.
    handler: (request) =>
      rotateRefreshToken(app.db, app.appConfig, request.body.refreshToken, app.clock(), (sessionId) =>
        app.sessions.ended(sessionId),
      ),
  });

  // Needs no access token: a client whose access token has expired must still be able to log out.
  app.route({
    ...fromContract(authEndpoints.logout),
    handler: async (request, reply) => {
      const sessionId = await revokeSession(app.db, request.body.refreshToken, app.clock());
      // Every instance refuses the session's access tokens at once: this one, and the others when
      // REDIS_URL carries the news (else within the registry's few seconds; decision 056).
      if (sessionId) app.sessions.ended(sessionId);
      return reply.status(204).send(null);
    },
  });

  // One path for Google login and sign-up, as the client calls it; `mode` tells them apart so
  // login for an unknown account is a 404 and sign-up for a known one a 409.
  app.route({
    ...fromContract(authEndpoints.google),
    config: limits.google,
    handler: async (request, reply) => {
      const { accessToken, mode, name } = request.body;
      const identity = await verifyGoogleAccessToken(app.appConfig, accessToken, request.log);
      const now = app.clock();
      if (mode === 'signup') {
        const tokens = await signUpWithGoogle(
          app.db,
          app.appConfig,
          { identity, fallbackName: name, ip: request.ip },
          now,
        );
        return reply.status(201).send({ ...tokens, email: identity.email });
      }
      const tokens = await logInWithGoogle(app.db, app.appConfig, { identity, ip: request.ip }, now);
      return reply.status(200).send({ ...tokens, message: 'You have successfully logged in with Google.' });
    },
  });
}
