import { OUTREACH_FALLBACK_ERROR } from '@gvm/contract';
import { ApiError } from '@/lib/api-client';

/**
 * docs/product/information-pages.md#outreach-forms: a failed form shows the server's `error` field, else
 * 'Something went wrong' (a timeout or a dropped connection has no server message).
 */
export function outreachErrorMessage(error: unknown): string {
  if (error instanceof ApiError && typeof error.data === 'object' && error.data !== null) {
    const { error: message } = error.data as { error?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return OUTREACH_FALLBACK_ERROR;
}
