/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error. Both
 * drivers report it on the driver error, which drizzle wraps as the `cause`.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** The constraint a check violation (SQLSTATE 23514) broke, or null for any other error. */
export function violatedCheckConstraint(error: unknown): string | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23514') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/**
 * A row lock taken with NOWAIT that another transaction holds (SQLSTATE 55P03, lock_not_available):
 * the request is answered 409 'try again' rather than waiting with a pool connection in hand.
 */
export function isLockBusy(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '55P03') return true;
  }
  return false;
}
