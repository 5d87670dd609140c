import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { currentDatabaseLane } from '../lib/request-context';
import { grantAppRole } from './app-role';
import * as schema from './schema';
import { type DatabaseTimeouts, defaultDatabaseTimeouts } from './timeouts';

export type Schema = typeof schema;
/** Either driver's database: services are written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services that must share one receive it in place of the database. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations not yet applied; on PostgreSQL one process at a time (decision 055),
   * then grants `appRole`, when given, what the app needs (`grantAppRole`; PostgreSQL only).
   */
  migrate(options?: MigrateOptions): Promise<void>;
  /** How many of this code's migrations the database has not had yet (0: up to date, or ahead). */
  pendingMigrations(): Promise<number>;
  /** Answers true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: its data directory as one archive, for `pgliteArchive` (tests start from it). */
  archive?(): Promise<Blob>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface MigrateOptions {
  /** The role the app's instances connect as, when it is not the owner (DATABASE_APP_ROLE). */
  appRole?: string | undefined;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; without it PGlite runs in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * A PGlite data directory archived by `dumpDataDir`, to start from in place of an empty one:
   * the tests' already-migrated database (decision 004).
   */
  pgliteArchive?: Blob | undefined;
  /** PostgreSQL: connections for the shop (every request but the console's, and the jobs). */
  poolSize?: number;
  /**
   * PostgreSQL: connections kept for the operator console's requests (`/api/v1/ops/...`), a pool
   * of their own, so that neither side can take the other's (decision 063); 0 shares the shop's.
   */
  consolePoolSize?: number;
  /** How long to wait on PostgreSQL; each one missing takes its default (decision 021). */
  timeouts?: Partial<DatabaseTimeouts>;
}

/** PostgreSQL cannot be reached or refuses us; the message says why in words an operator can act on. */
export class DatabaseUnavailableError extends Error {}

/**
 * Every connection of the pool was in use for longer than `DB_POOL_WAIT_MS`: the request is
 * answered 503 with Retry-After (plugins/error-handler.ts), quickly, and nothing was changed.
 */
export class DatabaseBusyError extends Error {
  constructor(pool: string, waitedMs: number) {
    super(`Every connection of the ${pool} pool stayed in use for ${waitedMs} ms`);
    this.name = 'DatabaseBusyError';
  }
}

/** Which pool a query takes: the console's requests have their own (decision 063). */
export type DatabaseLane = 'shop' | 'console';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts };
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.consolePoolSize ?? 3, timeouts);
  }
  return openPglite(options.pgliteDir, options.pgliteArchive);
}

function newPool(connectionString: string, max: number, timeouts: DatabaseTimeouts): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    // Connections once opened are kept: pg-pool would close each idle one after 10 s, and the
    // next burst would wait for new ones (a new backend and its first query's catalogue lookups,
    // about 11 ms more than on a warm connection, docs/performance-history.md).
    min: max,
    // Bounds opening a connection and waiting for a free one in the pool.
    connectionTimeoutMillis: timeouts.connectMs,
    // Sent at connection start: PostgreSQL itself cancels a runaway statement and ends a
    // session idling inside a transaction (its locks released).
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // The client-side limit, for when PostgreSQL (or the network) says nothing at all.
    query_timeout: timeouts.queryMs,
    keepAlive: true,
    Client: ResilientClient,
  });
  // An idle client's error (the server restarting) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

async function openPostgres(
  connectionString: string,
  max: number,
  consoleMax: number,
  timeouts: DatabaseTimeouts,
): Promise<DatabaseHandle> {
  const pool = newPool(connectionString, max, timeouts);
  const consolePool = consoleMax > 0 ? newPool(connectionString, consoleMax, timeouts) : undefined;
  const endPools = () => Promise.all([pool.end(), consolePool?.end()]).then(() => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await endPools().catch(() => {});
    throw new DatabaseUnavailableError(describeConnectionFailure(connectionString, error, timeouts), {
      cause: error,
    });
  }
  const db = drizzleNodePg({
    client: new LanePool(
      { shop: pool, console: consolePool },
      currentDatabaseLane,
      timeouts.poolWaitMs,
    ) as unknown as pg.Pool,
    schema,
  });
  return {
    db,
    kind: 'postgres',
    migrate: (options) => migratePostgres(connectionString, timeouts, options),
    pendingMigrations: () => pendingMigrationsOf((text) => pool.query(text)),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: endPools,
  };
}

/**
 * What drizzle is given for PostgreSQL: two pools behind the face of one (drizzle checks for a
 * `Pool` by its class name, then calls `connect` and `query`). A request of the console takes
 * connections from the console's pool and every other query from the shop's, so a burst of
 * console work cannot starve shoppers, nor shoppers the console. Taking a connection waits at most
 * `waitMs`, then fails with DatabaseBusyError (503 with Retry-After) rather than holding the
 * request until the connect timeout.
 */
class LanePool {
  readonly #pools: Record<DatabaseLane, pg.Pool>;
  readonly #laneOf: () => DatabaseLane;
  readonly #waitMs: number;

  constructor(pools: { shop: pg.Pool; console: pg.Pool | undefined }, laneOf: () => DatabaseLane, waitMs: number) {
    this.#pools = { shop: pools.shop, console: pools.console ?? pools.shop };
    this.#laneOf = laneOf;
    this.#waitMs = waitMs;
  }

  connect(): Promise<pg.PoolClient> {
    const lane = this.#laneOf();
    const pool = this.#pools[lane];
    // A free connection now: no timer needed (the common case).
    if (pool.idleCount > 0 && pool.waitingCount === 0) return pool.connect();
    return new Promise((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        reject(new DatabaseBusyError(lane, this.#waitMs));
      }, this.#waitMs);
      pool.connect().then(
        (client) => {
          clearTimeout(timer);
          // Given up on: straight back to the pool for the next in line.
          if (late) client.release();
          else resolve(client);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (!late) reject(error);
        },
      );
    });
  }

  /** One query on a connection of its own, given back after it as pg's `Pool.query` does. */
  async query(...args: unknown[]): Promise<unknown> {
    const client = await this.connect();
    try {
      const result = await (client.query as (...queryArgs: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      // As pg-pool does after a failed query: the connection may be in any state, so it goes.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }
}

/**
 * A pool connection that gives itself up when lost. After a query read timeout pg leaves the
 * connection waiting for an answer that may never come, with every later query queued behind
 * it: the connection is dropped instead. A connection lost while checked out returns its pool
 * slot at once: drizzle never releases one whose `begin` failed, and each such loss would
 * otherwise shrink the pool for good. Its `release` may then be called again, harmlessly.
 */
class ResilientClient extends pg.Client {
  #release: ((error?: Error | boolean) => void) | undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A checked-out client has no error listener of the pool's: without this one, a connection
    // lost mid-transaction would be an uncaught 'error' event and end the process.
    this.on('error', () => {});
    this.on('end', () => this.#release?.(new Error('The database connection was lost')));
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const dropIfTimedOut = (error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout') this.connection.stream.destroy();
    };
    this.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          dropIfTimedOut(error);
          callback(error, result);
        };
      }
      const result = query(...args);
      if (result instanceof Promise) result.catch(dropIfTimedOut);
      return result;
    }) as pg.Client['query'];
  }

  /** pg-pool sets a fresh `release` at each check-out; the one kept here works once, then does nothing. */
  get release(): ((error?: Error | boolean) => void) | undefined {
    return this.#release;
  }

  set release(release: ((error?: Error | boolean) => void) | undefined) {
    let released = false;
    this.#release = release
      ? (error) => {
          if (released) return;
          released = true;
          release(error);
        }
      : undefined;
  }
}

/**
 * The session-level advisory lock that migrations take on PostgreSQL (decision 055): a second
 * process starting at the same moment waits for the first to finish, then finds nothing left to
 * apply. Any fixed number works, as long as nothing else in the database takes it.
 */
export const MIGRATION_LOCK_KEY = 7_316_055_017;

/**
 * Migrations run on a connection of their own without statement or read limits: building an index
 * on a large table may rightly take minutes. Opening it is still bounded, and the pool has just
 * shown that PostgreSQL answers. The lock is the connection's, so a process that dies holding it
 * lets it go with its connection.
 */
async function migratePostgres(
  connectionString: string,
  timeouts: DatabaseTimeouts,
  { appRole }: MigrateOptions = {},
): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
    if (appRole) await grantAppRole(client, appRole);
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Counts this code's migrations that are newer than the database's last applied one, the rule
 * drizzle's migrator applies them by. A database never migrated (no drizzle schema) has them all.
 */
async function pendingMigrationsOf(
  query: (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>,
): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  let last = Number.NEGATIVE_INFINITY;
  try {
    const { rows } = await query('select max(created_at) as last from drizzle.__drizzle_migrations');
    if (rows[0]?.last != null) last = Number(rows[0].last);
  } catch (error) {
    // 42P01: no such table, 3F000: no such schema; both mean never migrated.
    const code = (error as { code?: unknown }).code;
    if (code !== '42P01' && code !== '3F000') throw error;
  }
  return migrations.filter((migration) => migration.folderMillis > last).length;
}

/** Names the server (never the password) and the cause: refused, silent, unknown host, or PostgreSQL's own words. */
export function describeConnectionFailure(
  connectionString: string,
  error: unknown,
  timeouts: DatabaseTimeouts,
): string {
  const url = new URL(connectionString);
  const where = `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
  const code = errorCode(error);
  const message = innermostMessage(error);
  let reason: string;
  if (code === 'ECONNREFUSED') reason = 'refused the connection (ECONNREFUSED): is it running, on that host and port?';
  else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    reason = `cannot be found: the host name does not resolve (${code})`;
  else if (message === 'Query read timeout')
    reason = `accepted the connection but did not answer within ${timeouts.queryMs} ms (DB_QUERY_TIMEOUT_MS)`;
  else if (/timeout/i.test(message) || /timeout/i.test(error instanceof Error ? error.message : ''))
    reason = `did not answer within ${timeouts.connectMs} ms (DB_CONNECT_TIMEOUT_MS): is the network or a firewall dropping packets?`;
  else reason = `answered: ${message}${code ? ` (${code})` : ''}`;
  return `Cannot use the database: ${where} ${reason}`;
}

function errorCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    // Node tries each address of 'localhost' in turn and reports them together.
    if (current instanceof AggregateError) {
      const first = current.errors.find((inner): inner is Error => inner instanceof Error);
      if (first) return errorCode(first);
    }
  }
  return undefined;
}

function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.message) message = current.message;
  }
  return message;
}

async function openPglite(dataDir: string | undefined, archive: Blob | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create({ dataDir, loadDataDir: archive, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: async (options) => {
      // PGlite is one process's database, with no roles to keep apart (config.ts refuses the setting).
      if (options?.appRole) throw new Error('An app role needs PostgreSQL (DATABASE_URL)');
      await migratePglite(db, { migrationsFolder });
    },
    pendingMigrations: () => pendingMigrationsOf((text) => client.query(text)),
    archive: () => client.dumpDataDir('none'),
    ping: async () => {
      try {
        await client.query('select 1');
        return !client.closed;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
