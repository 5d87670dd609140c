import { randomBytes, randomUUID } from 'node:crypto';
import type { App } from '../../src/app-types';
import { refreshTokens, type UserRow, users } from '../../src/db/schema';
import { signAccessToken } from '../../src/lib/tokens';

export interface TestUserOptions {
  email?: string;
  name?: string;
  username?: string;
  phoneNumber?: string | null;
  /** Verified and signed in before, unless told otherwise, like most accounts a test needs. */
  verified?: boolean;
}

export interface TestUser {
  user: UserRow;
  /** A valid access token for `Authorization: Bearer …`. */
  token: string;
  /** The session (refresh-token family) the token belongs to; revoking it ends the token. */
  sessionId: string;
  /** The header object to pass to `app.inject({ headers })`. */
  headers: { authorization: string };
}

/**
 * Creates an account and a session directly in the database and signs an access token for it,
 * so a test of any module can act as a signed-in shopper without going through the e-mail code
 * flow.
 */
export async function createUserAndToken(app: App, options: TestUserOptions = {}): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const verifiedAt = options.verified === false ? null : new Date();
  const [user] = await app.db
    .insert(users)
    .values({
      email: options.email ?? `shopper-${suffix}@example.com`,
      username: options.username ?? `shopper_${suffix}`,
      name: options.name ?? 'Test Shopper',
      phoneNumber: options.phoneNumber ?? null,
      role: 'consumer',
      emailVerifiedAt: verifiedAt,
      lastSignInAt: verifiedAt,
    })
    .returning();
  if (!user) throw new Error('inserting the test user returned no row');
  const sessionId = randomUUID();
  await app.db.insert(refreshTokens).values({
    userId: user.id,
    familyId: sessionId,
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const token = await signAccessToken(app.appConfig.jwtSecret, { userId: user.id, sessionId });
  return { user, token, sessionId, headers: { authorization: `Bearer ${token}` } };
}
