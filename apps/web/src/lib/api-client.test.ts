import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from './api-client';

function responseError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

describe('normalised API errors (spec 000 section 8)', () => {
  it('reads the message from the error field, then the message field', () => {
    expect(toApiError(responseError(404, { error: 'Product not found' }))).toMatchObject({
      status: 404,
      message: 'Product not found',
    });
    expect(toApiError(responseError(422, { message: 'Nope' })).message).toBe('Nope');
  });

  it('keeps per-field errors', () => {
    const errors = [{ path: 'limit', message: 'Too big' }];
    expect(toApiError(responseError(400, { error: 'Invalid request', errors })).errors).toEqual(errors);
  });

  it("falls back to 'An unexpected error occurred' and status 500", () => {
    expect(toApiError(responseError(500, 'oops')).message).toBe('An unexpected error occurred');
    const unknown = toApiError(new Error('boom'));
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown.status).toBe(500);
  });
});
