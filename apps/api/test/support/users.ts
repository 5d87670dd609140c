import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app-types';
import { type UserRow, users } from '../../src/db/schema';
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
  /** The header object to pass to `app.inject({ headers })`. */
  headers: { authorization: string };
}

/**
 * Creates an account directly in the database and signs an access token for it, so a test of
 * any module can act as a signed-in shopper without going through the e-mail code flow.
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
  const token = await signAccessToken(app.appConfig.jwtSecret, user.id);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
