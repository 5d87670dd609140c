import { afterEach, describe, expect, it } from 'vitest';
import { epochSeconds, fakeAccessToken } from '@/test/fake-api';
import { type useCurrentUser, userIdOf } from './current-user';

type UserQuery = ReturnType<typeof useCurrentUser>;
const query = (fields: Partial<UserQuery>) => fields as UserQuery;

afterEach(() => localStorage.clear());

describe("the user's id for a page's first requests (decision 037)", () => {
  it("is /users/me's id once loaded", () => {
    localStorage.setItem('token', fakeAccessToken({ sub: 'from-token', exp: epochSeconds(60) }));
    const user = query({ data: { _id: 'from-me' } as UserQuery['data'], isPending: false, fetchStatus: 'idle' });
    expect(userIdOf(user)).toBe('from-me');
  });

  it("is the access token's sub while /users/me is loading", () => {
    localStorage.setItem('token', fakeAccessToken({ sub: 'from-token', exp: epochSeconds(60) }));
    expect(userIdOf(query({ data: undefined, isPending: true, fetchStatus: 'fetching' }))).toBe('from-token');
  });

  it('is nothing for a guest (the query idle), after a failed load, or with a token without sub', () => {
    localStorage.setItem('token', fakeAccessToken({ sub: 'from-token', exp: epochSeconds(60) }));
    expect(userIdOf(query({ data: undefined, isPending: true, fetchStatus: 'idle' }))).toBeUndefined();
    expect(userIdOf(query({ data: undefined, isPending: false, isError: true, fetchStatus: 'idle' }))).toBeUndefined();
    localStorage.setItem('token', 'not-a-jwt');
    expect(userIdOf(query({ data: undefined, isPending: true, fetchStatus: 'fetching' }))).toBeUndefined();
  });
});
