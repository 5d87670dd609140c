import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { createUserAndToken } from './support/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function patchMe(headers: Record<string, string>, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers, payload });
}

describe('the current user', () => {
  it('answers the account as the client reads it', async () => {
    const { user, headers } = await createUserAndToken(ctx.app, {
      name: 'Grace Hopper',
      phoneNumber: '+44 20 7946 0000',
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: user.id,
      username: user.username,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
      consumer: { name: 'Grace Hopper', phoneNumber: '+44 20 7946 0000' },
      role: 'consumer',
    });
  });
});

describe('updating account details', () => {
  it('saves the trimmed name and phone sent as dotted keys', async () => {
    const { headers } = await createUserAndToken(ctx.app);
    const response = await patchMe(headers, {
      'consumer.name': '  Grace Hopper ',
      'consumer.phoneNumber': ' (020) 7946-0000 ',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Your account details have been updated.');
    expect(body.user.consumer).toEqual({ name: 'Grace Hopper', phoneNumber: '(020) 7946-0000' });
  });

  it('accepts the same fields nested under consumer', async () => {
    const { headers } = await createUserAndToken(ctx.app);
    const response = await patchMe(headers, { consumer: { name: 'Alan Turing', phoneNumber: '+441234' } });
    expect(response.json().user.consumer).toEqual({ name: 'Alan Turing', phoneNumber: '+441234' });
  });

  it('clears the phone number when it is sent empty', async () => {
    const { headers } = await createUserAndToken(ctx.app, { phoneNumber: '0123456' });
    const response = await patchMe(headers, { 'consumer.name': 'Grace', 'consumer.phoneNumber': '   ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.consumer.phoneNumber).toBeNull();
  });

  it('changes only the fields that are sent', async () => {
    const { headers } = await createUserAndToken(ctx.app, { name: 'Keep Me', phoneNumber: '0123456' });
    const response = await patchMe(headers, { 'consumer.phoneNumber': '07700 900000' });
    expect(response.json().user.consumer).toEqual({ name: 'Keep Me', phoneNumber: '07700 900000' });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['an empty name', { 'consumer.name': '   ' }, 'Name is required'],
    ['a one-letter name', { 'consumer.name': ' A ' }, 'Name must be at least 2 characters'],
    ['a name over 100 characters', { 'consumer.name': 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [
      'a two-character phone',
      { 'consumer.phoneNumber': ' 12 ' },
      'Please enter a valid phone number or leave it empty',
    ],
    [
      'a phone with letters',
      { 'consumer.phoneNumber': '0800 CALLME' },
      'Phone number may contain only digits, spaces and + ( ) -',
    ],
    [
      'a phone over 30 characters',
      { 'consumer.phoneNumber': '1'.repeat(31) },
      'Phone number must be at most 30 characters',
    ],
    ['a new username', { username: 'hacker' }, 'Your username cannot be changed'],
    ['a new e-mail', { email: 'other@example.com' }, 'Your email cannot be changed'],
    ['nothing at all', {}, 'Nothing to update'],
  ];
  for (const [name, payload, message] of invalid) {
    it(`refuses ${name} with 400 '${message}' and changes nothing`, async () => {
      const { user, headers } = await createUserAndToken(ctx.app, { name: 'Unchanged', phoneNumber: '0123456' });
      const response = await patchMe(headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
      expect(me.json()).toMatchObject({
        email: user.email,
        username: user.username,
        consumer: { name: 'Unchanged', phoneNumber: '0123456' },
      });
    });
  }

  it('asks a guest to sign in before anything else', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      payload: { 'consumer.name': '' },
    });
    expect(response.statusCode).toBe(401);
  });
});
