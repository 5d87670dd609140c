import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** A fresh address for one test, so each test owns its account. */
export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * Creates a consumer account through the API, as the sign-up form would (POST /users/register).
 * An address that already has an account is fine: the caller only needs it to exist. The
 * verification link is not opened; signing in with a code verifies the address as well.
 */
export async function createAccount(request: APIRequestContext, email: string, name = 'Test Shopper'): Promise<void> {
  const username = `e2e_${randomBytes(6).toString('hex')}`;
  const response = await request.post('/api/v1/users/register', {
    data: { email, consumer: { name }, role: 'consumer', username, selectedPersonas: [] },
  });
  if (response.status() !== 201 && response.status() !== 409) {
    throw new Error(`POST /api/v1/users/register answered ${response.status()}: ${await response.text()}`);
  }
}
