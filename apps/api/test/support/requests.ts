import type { App } from '../../src/app-types';
import type { TestUser } from './users';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** An API call under /api/v1 as `as` (signed in with their token), or as a guest when null. */
export function sendAs(app: App, method: Method, url: string, as: TestUser | null, payload?: object) {
  return app.inject({ method, url: `/api/v1${url}`, headers: as?.headers ?? {}, ...(payload ? { payload } : {}) });
}
