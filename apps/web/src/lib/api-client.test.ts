import { describe, expect, it } from 'vitest';
import { ApiError, responseError, toApiError } from './api-client';

describe('normalised API errors (spec 000 section 8)', () => {
  it('reads the message from the error field, then the message field', () => {
    expect(responseError(404, { error: 'Product not found' })).toMatchObject({
      status: 404,
      message: 'Product not found',
    });
    expect(responseError(422, { message: 'Nope' }).message).toBe('Nope');
  });

  it('keeps per-field errors', () => {
    const errors = [{ path: 'limit', message: 'Too big' }];
    expect(responseError(400, { error: 'Invalid request', errors }).errors).toEqual(errors);
  });

  it("falls back to 'An unexpected error occurred' and status 500", () => {
    expect(responseError(500, 'oops').message).toBe('An unexpected error occurred');
    const unknown = toApiError(new Error('boom'));
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown.status).toBe(500);
  });
});
