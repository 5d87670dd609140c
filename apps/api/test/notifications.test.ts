import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUser } from '../src/modules/notifications/service';
import { createTestApp, type TestContext } from './helpers';
import { bearer, signInByCode } from './support/sign-in';
import { createUserAndToken } from './support/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function list(userId: string, headers: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/notifications/${userId}`, headers });
}

function markRead(id: string, headers: Record<string, string>) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/notifications/${id}/read`, headers });
}

describe('notifications', () => {
  it('lists only the caller’s notifications, newest first', async () => {
    const { user, headers } = await createUserAndToken(ctx.app);
    const other = await createUserAndToken(ctx.app);
    await notifyUser(ctx.app.db, user.id, 'oldest', new Date('2026-01-01T10:00:00Z'));
    await notifyUser(ctx.app.db, user.id, 'newest', new Date('2026-01-03T10:00:00Z'));
    await notifyUser(ctx.app.db, user.id, 'middle', new Date('2026-01-02T10:00:00Z'));
    await notifyUser(ctx.app.db, other.user.id, 'not yours');
    const response = await list(user.id, headers);
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items.map((item: { message: string }) => item.message)).toEqual(['newest', 'middle', 'oldest']);
    expect(items[0]).toEqual({
      _id: expect.any(String),
      message: 'newest',
      read: false,
      createdAt: '2026-01-03T10:00:00.000Z',
    });
  });

  it('answers an empty list when there is nothing', async () => {
    const { user, headers } = await createUserAndToken(ctx.app);
    expect((await list(user.id, headers)).json()).toEqual([]);
  });

  it('answers 403 for another user’s id and 401 without a token', async () => {
    const { headers } = await createUserAndToken(ctx.app);
    const other = await createUserAndToken(ctx.app);
    const response = await list(other.user.id, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toHaveProperty('error');
    expect((await list('not-a-uuid', headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/notifications/${other.user.id}` })).statusCode).toBe(
      401,
    );
  });

  it('marks the owner’s notification read and answers it', async () => {
    const { user, headers } = await createUserAndToken(ctx.app);
    await notifyUser(ctx.app.db, user.id, 'Your voucher is ready');
    const [item] = (await list(user.id, headers)).json();
    const response = await markRead(item._id, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: item._id, message: 'Your voucher is ready', read: true });
    expect((await list(user.id, headers)).json()[0].read).toBe(true);
  });

  it('answers 404 for someone else’s notification and leaves it unread', async () => {
    const owner = await createUserAndToken(ctx.app);
    const intruder = await createUserAndToken(ctx.app);
    await notifyUser(ctx.app.db, owner.user.id, 'private');
    const [item] = (await list(owner.user.id, owner.headers)).json();
    const response = await markRead(item._id, intruder.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Notification not found' });
    expect((await list(owner.user.id, owner.headers)).json()[0].read).toBe(false);
  });

  it('greets a new account with one welcome notification, on the first sign-in only', async () => {
    const { user } = await createUserAndToken(ctx.app, { verified: false });
    await signInByCode(ctx.app, user.email);
    const second = await signInByCode(ctx.app, user.email);
    const items = (await list(user.id, bearer(second.token))).json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      message: 'Welcome to UGM Gift Marketplace! Browse our partner merchants and send your first gift voucher.',
      read: false,
    });
  });

  it('answers 404 for an id that does not exist or is not an id', async () => {
    const { headers } = await createUserAndToken(ctx.app);
    expect((await markRead(randomUUID(), headers)).statusCode).toBe(404);
    expect((await markRead('nonsense', headers)).statusCode).toBe(404);
  });
});
