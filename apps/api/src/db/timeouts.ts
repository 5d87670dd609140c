/**
 * How long the app waits on PostgreSQL (decision 021). One place for the defaults: config.ts
 * offers them as DB_* variables, and openDatabase falls back to them for callers without a
 * configuration (tests, benchmarks).
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** PostgreSQL cancels a statement running longer (statement_timeout). */
  statementMs: number;
  /** The client gives up on an answer that does not come (a silent network); the connection is dropped. */
  queryMs: number;
  /** PostgreSQL ends a session left idle inside a transaction, releasing its locks. */
  idleInTransactionMs: number;
  /**
   * Longest a request waits for a free connection of its pool before it is answered 503 with
   * Retry-After: an exhausted pool refuses quickly instead of holding every request for long.
   */
  poolWaitMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 10_000,
  queryMs: 12_000,
  idleInTransactionMs: 20_000,
  poolWaitMs: 2_000,
};
