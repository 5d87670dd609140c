import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { ConfigError, loadConfig, testConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { defaultDatabaseTimeouts } from '../src/db/timeouts';
import { createServerDatabase, createTestApp, type TestContext } from './helpers';
import { onServer } from './support/migrated-database';

/**
 * Decision 021: when PostgreSQL goes silent (a network cut, no reset) nothing waits for ever.
 * A TCP proxy of the test's own sits in front of PostgreSQL and stops forwarding on demand,
 * without closing anything, the way a dead link looks to the app.
 */
class SilentProxy {
  private silent = false;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** Forwards to `target` until silenced; with no target it accepts connections and never answers. */
  static async start(target?: { host: string; port: number }): Promise<SilentProxy> {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    const proxy = new SilentProxy(server, port);
    server.on('connection', (client) => proxy.pipe(client, target));
    return proxy;
  }

  private pipe(client: Socket, target: { host: string; port: number } | undefined): void {
    this.sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => this.sockets.delete(client));
    if (!target || this.silent) return;
    const upstream = connect(target.port, target.host);
    this.sockets.add(upstream);
    upstream.on('error', () => {});
    upstream.on('close', () => this.sockets.delete(upstream));
    // Once a chunk has been dropped the link is dead for good, as after a real cut: the two
    // ends no longer agree on what was said.
    let dead = false;
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (this.silent) dead = true;
      if (!dead) to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    client.on('end', () => !dead && upstream.end());
    upstream.on('end', () => !dead && client.end());
  }

  silence(): void {
    this.silent = true;
  }

  resume(): void {
    this.silent = false;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const { DATABASE_URL: _ignored, ...inheritedEnv } = process.env;

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe.skipIf(!serverUrl)('PostgreSQL goes silent behind a proxy', () => {
  let name: string;
  let proxy: SilentProxy;
  let database: DatabaseHandle;
  let app: App;
  const poolSize = 4;
  const oneTransaction = () =>
    database.db
      .transaction(async (tx) => tx.execute(sql`select 1`))
      .then(
        () => 'committed',
        () => 'failed',
      );

  beforeAll(async () => {
    if (!serverUrl) throw new Error('Runs only with TEST_DATABASE_URL');
    name = await createServerDatabase(serverUrl);
    const direct = new URL(serverUrl);
    direct.pathname = `/${name}`;

    proxy = await SilentProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(direct);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    database = await openDatabase({
      databaseUrl: throughProxy.toString(),
      poolSize,
      // The read limit is longer than /health may take, so the health check must bound its own wait.
      timeouts: { connectMs: 1_000, statementMs: 1_000, queryMs: 2_500, idleInTransactionMs: 5_000 },
    });
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    // The last test closes both; closing again is refused, harmlessly.
    await app?.close().catch(() => {});
    await proxy?.close();
    await Promise.race([database?.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000))]);
    if (serverUrl && name) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('lets PostgreSQL cancel a statement that runs past DB_STATEMENT_TIMEOUT_MS', async () => {
    const slow = await timed(
      database.db.execute(sql`select pg_sleep(5)`).then(
        () => 'finished',
        (error: unknown) => String((error as { cause?: { code?: string } }).cause?.code),
      ),
    );
    // 57014: query_canceled, PostgreSQL's answer to statement_timeout.
    expect(slow.value).toBe('57014');
    expect(slow.ms).toBeLessThan(1_500);
  });

  /** Asks /health until it answers 200, as a load balancer would once the network is back. */
  async function healthyAgain(): Promise<number> {
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return status;
  }

  it('answers /health with 503 within 2 s, fails other requests fast in the { error } shape, and recovers', async () => {
    const healthy = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(healthy.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/products/search?limit=1' })).statusCode).toBe(200);

    proxy.silence();
    try {
      const health = await timed(app.inject({ method: 'GET', url: '/api/v1/health' }));
      expect(health.value.statusCode).toBe(503);
      expect(health.value.json()).toEqual({ error: 'The database is not answering' });
      expect(health.ms).toBeLessThan(2_000);

      // A product by id is read from the database (a search that matches nothing is answered
      // from the catalogue index alone, decision 036).
      const product = await timed(app.inject({ method: 'GET', url: `/api/v1/products/${randomUUID()}` }));
      expect(product.value.statusCode).toBeGreaterThanOrEqual(500);
      expect(product.value.json()).toEqual({ error: expect.any(String) });
      // The client's read limit (2.5 s here) or the pool's connect limit (1 s), not for ever.
      expect(product.ms).toBeLessThan(4_000);
    } finally {
      proxy.resume();
    }
    // The dead connections were dropped: once the network is back, fresh ones answer.
    expect(await healthyAgain()).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/products/search?limit=1' })).statusCode).toBe(200);
  }, 30_000);

  it('fails transactions whose connection goes silent, and gives every pool slot back', async () => {
    // Every connection of the pool open and idle, so each transaction below starts on one.
    expect(await Promise.all(Array.from({ length: poolSize }, oneTransaction))).toEqual(
      Array(poolSize).fill('committed'),
    );

    proxy.silence();
    try {
      const transactions = timed(Promise.all(Array.from({ length: poolSize }, oneTransaction)));
      // Meanwhile every connection is taken: /health still answers in time, a request still fails.
      const health = await timed(app.inject({ method: 'GET', url: '/api/v1/health' }));
      expect(health.value.statusCode).toBe(503);
      expect(health.ms).toBeLessThan(2_000);
      const product = await timed(app.inject({ method: 'GET', url: `/api/v1/products/${randomUUID()}` }));
      expect(product.value.statusCode).toBeGreaterThanOrEqual(500);
      expect(product.value.json()).toEqual({ error: expect.any(String) });
      expect(product.ms).toBeLessThan(4_000);
      // Losing a transaction's connection rejects it: no hang, no uncaught 'error' event.
      const { value, ms } = await transactions;
      expect(value).toEqual(Array(poolSize).fill('failed'));
      expect(ms).toBeLessThan(5_000);
    } finally {
      proxy.resume();
    }

    // drizzle never releases a connection whose `begin` failed; had those slots stayed lost,
    // the pool would now be empty for good.
    expect(await healthyAgain()).toBe(200);
    expect(await Promise.all(Array.from({ length: poolSize }, oneTransaction))).toEqual(
      Array(poolSize).fill('committed'),
    );
    // Closing waits for every connection the pool counts: a lost one would hold it for ever.
    await app.close();
    const closed = await Promise.race([
      database.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
    ]);
    expect(closed).toBe('closed');
  }, 30_000);
});

/** Starts the real server process and answers its exit code and everything it printed. */
function startExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...inheritedEnv,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gvm-timeouts-')),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
}

describe('start-up names the cause when PostgreSQL cannot be used', () => {
  it('says the server did not answer when it accepts connections and stays silent', async () => {
    const silent = await SilentProxy.start();
    try {
      const started = performance.now();
      const { code, output } = await startExpectingFailure({
        DATABASE_URL: `postgres://gvm:secret-password@127.0.0.1:${silent.port}/gvm`,
        DB_CONNECT_TIMEOUT_MS: '1000',
      });
      expect(code).toBe(1);
      expect(output).toContain(
        `Could not start: Cannot use the database: PostgreSQL at 127.0.0.1:${silent.port}/gvm did not answer within 1000 ms (DB_CONNECT_TIMEOUT_MS)`,
      );
      expect(output).not.toContain('secret-password');
      expect(performance.now() - started).toBeLessThan(30_000);
    } finally {
      await silent.close();
    }
  }, 45_000);

  it('says the connection was refused when nothing listens on the port', async () => {
    const closed = await SilentProxy.start();
    const port = closed.port;
    await closed.close();
    const { code, output } = await startExpectingFailure({ DATABASE_URL: `postgres://gvm@localhost:${port}/gvm` });
    expect(code).toBe(1);
    expect(output).toContain(`PostgreSQL at localhost:${port}/gvm refused the connection (ECONNREFUSED)`);
    expect(output).not.toContain('Failed query');
  }, 45_000);

  it.skipIf(!serverUrl)(
    "gives PostgreSQL's own words when it answers with a refusal",
    async () => {
      const missing = new URL(serverUrl as string);
      missing.pathname = '/gvm_no_such_database';
      const { code, output } = await startExpectingFailure({ DATABASE_URL: missing.toString() });
      expect(code).toBe(1);
      expect(output).toContain(
        `PostgreSQL at ${missing.hostname}:${missing.port || '5432'}/gvm_no_such_database answered: database "gvm_no_such_database" does not exist (3D000)`,
      );
    },
    45_000,
  );
});

describe('the HTTP server', () => {
  let context: TestContext;
  let base: { host: string; port: number };

  beforeAll(async () => {
    context = await createTestApp({ httpRequestTimeoutMs: 1_000 });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const address = context.app.server.address();
    base = { host: '127.0.0.1', port: typeof address === 'object' && address ? address.port : 0 };
  });

  afterAll(async () => {
    await context?.close();
  });

  /** Sends the head at once and the body one byte per `everyMs`; answers what came back and when the socket closed. */
  function trickle(body: string, everyMs: number): Promise<{ response: string; ms: number }> {
    return new Promise((resolve) => {
      const started = performance.now();
      const socket = connect(base.port, base.host);
      let response = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('error', () => {});
      socket.on('data', (chunk: Buffer) => {
        response += chunk.toString();
      });
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ response, ms: performance.now() - started });
      });
      socket.write(
        'POST /api/v1/outreach/newsletter HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
      const send = () => {
        if (sent >= body.length) return clearInterval(timer);
        socket.write(body.slice(sent, sent + 1));
        sent += 1;
      };
      if (everyMs === 0) socket.write(body);
      else timer = setInterval(send, everyMs);
    });
  }

  it('cuts off a body trickled slower than HTTP_REQUEST_TIMEOUT_MS allows', async () => {
    const { response, ms } = await trickle(`{"email":"slow-${'x'.repeat(200)}@example.com"}`, 100);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    // 1 s allowed, checked every quarter of it; the body would have taken over 20 s.
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(3_000);
  });

  it('answers the same request when the body arrives in time', async () => {
    const { response } = await trickle('{"email":"quick@example.com"}', 0);
    expect(response).not.toMatch(/^HTTP\/1\.1 408 /);
    expect(response).toMatch(/^HTTP\/1\.1 [24]\d\d /);
  });
});

describe('timeout configuration', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'gvm-config-'));

  it('has defaults and takes each DB_* and HTTP_REQUEST_TIMEOUT_MS variable', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      databaseTimeouts: defaultDatabaseTimeouts,
      httpRequestTimeoutMs: 30_000,
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '3000',
      DB_QUERY_TIMEOUT_MS: '4000',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5000',
      DB_POOL_WAIT_MS: '700',
      HTTP_REQUEST_TIMEOUT_MS: '6000',
    });
    expect(config.databaseTimeouts).toEqual({
      connectMs: 2000,
      statementMs: 3000,
      queryMs: 4000,
      idleInTransactionMs: 5000,
      poolWaitMs: 700,
    });
    expect(config.httpRequestTimeoutMs).toBe(6000);
  });

  it.each(['DB_CONNECT_TIMEOUT_MS', 'DB_QUERY_TIMEOUT_MS', 'HTTP_REQUEST_TIMEOUT_MS'])(
    'refuses a %s that is not a positive number of milliseconds',
    (name) => {
      for (const value of ['0', 'soon', '1.5']) {
        expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(
          expect.objectContaining({ message: expect.stringContaining(name) }),
        );
      }
    },
  );

  it('refuses a read limit no longer than the statement limit: PostgreSQL should cancel first', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DB_STATEMENT_TIMEOUT_MS: '5000', DB_QUERY_TIMEOUT_MS: '5000' }),
    ).toThrow(ConfigError);
  });
});
