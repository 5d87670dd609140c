// `npm run test:cluster`: the marketplace as several machines on one (docs/deploy.md, "Running the
// cluster on one machine"). A fresh PostgreSQL database on TEST_DATABASE_URL's server, a Redis of
// its own, `npm run migrate` once, two web instances, one worker and Debian's nginx in front; then
// the cluster's browser and API tests through nginx (e2e/playwright.cluster.config.ts), then the
// kill round (e2e/cluster/kill-round.mjs). Everything it started is stopped, and the database
// dropped, whatever happens.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { checkAppRoleCannotTamper } from './app-role.mjs';
import { killRound } from './kill-round.mjs';
import { measureCheckoutSessions } from './measure-checkout.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Exit code 2 is kept for what this machine lacks: `npm test` tells it as skipped (scripts/test.mjs).
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('test:cluster needs TEST_DATABASE_URL (a PostgreSQL server it may create a database on).');
  process.exit(2);
}
const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
for (const [binary, name] of [
  [nginxBin, 'nginx'],
  ['redis-server', 'redis-server'],
]) {
  if (spawnSync(binary, ['-v']).error) {
    console.error(`test:cluster needs ${name} (apt-get install nginx-light redis-server).`);
    process.exit(2);
  }
}

// Ports: nginx, then the instances. CLUSTER_BASE_PORT moves them all (3650 by default).
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 3650);
const ports = {
  nginx: basePort,
  web1: basePort + 1,
  web2: basePort + 2,
  worker: basePort + 3,
  redis: basePort + 4,
  smtp: basePort + 5,
};
const publicUrl = `http://localhost:${ports.nginx}`;

const runDir = mkdtempSync(path.join(tmpdir(), 'gvm-cluster-'));
const logDir = path.join(runDir, 'logs');
mkdirSync(logDir);
const databaseName = `cluster_${basePort}_${randomBytes(4).toString('hex')}`;
// Two roles of the run's own (docs/deploy.md, "The database's roles"): the owner of its database,
// which migrates and seeds, and the app role every instance connects as, which owns nothing.
const ownerRole = `${databaseName}_owner`;
const appRole = `${databaseName}_app`;
/** `serverUrl` pointed at the run's database as `role`. */
function roleUrl(role) {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  url.username = role;
  url.password = `${role}-password`;
  return url.toString();
}
const ownerUrl = roleUrl(ownerRole);
const appUrl = roleUrl(appRole);

const started = Date.now();
const say = (message) => console.log(`[cluster ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** Every process it started, stopped at the end (SIGKILL for the ones still running). */
const children = new Set();

// One configuration shared by every instance: the secrets set explicitly, as on real machines
// (none generated per DATA_DIR), NODE_ENV=development for the dev mailbox the tests read their
// codes from (production refuses it: apps/api/src/config.ts).
const sharedEnv = {
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: appUrl,
  REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
  PUBLIC_URL: publicUrl,
  HOST: '127.0.0.1',
  TRUST_PROXY_HOPS: '1',
  DEV_MAILBOX: '1',
  // The workers send to a mail server of the run's own (e2e/cluster/smtp-sink.mjs); the dev
  // mailbox still shows every message, from the outbox.
  SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
  // The killed worker's claimed e-mails go to the new one after this, not the default 2 minutes
  // (the run's own mail server accepts a message within milliseconds).
  MAIL_SENDING_TIMEOUT_MS: '5000',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  VOUCHER_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  PAYMENT_WEBHOOK_SECRET: randomBytes(48).toString('base64url'),
  PAYMENT_PROVIDER: 'simulator',
  LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
  OPS_ADMINS: 'ops-admin@example.com',
  // The browser tests sign in from 127.0.0.1; only the login-code limit is kept low, and the
  // cluster spec proves it is counted across instances from another address (127.0.0.2).
  LOGIN_CODE_IP_LIMIT: process.env.CLUSTER_LOGIN_CODE_IP_LIMIT ?? '40',
  SIGNUP_IP_LIMIT: '1000',
  LOGIN_IP_LIMIT: '1000',
  VERIFY_IP_LIMIT: '1000',
  // Every instance sees a catalogue change within this (the tests read what they wrote).
  CATALOG_CACHE_RECHECK_MS: '200',
};

/** A child process whose output goes to logs/<name>.log. */
function start(name, command, args, env = sharedEnv) {
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  child.name = name;
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    child.exitedWith = signal ?? code;
  });
  return child;
}

/** An app instance (apps/api/src/server.ts) with APP_ROLE `role` on `port`. */
function startInstance(name, role, port) {
  const dataDir = path.join(runDir, name);
  mkdirSync(dataDir, { recursive: true });
  return start(name, process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    ...sharedEnv,
    APP_ROLE: role,
    PORT: String(port),
    DATA_DIR: dataDir,
  });
}

/** Runs a command to its end; throws with its output when it fails. */
function run(name, command, args, env = sharedEnv) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8' });
  writeFileSync(path.join(logDir, `${name}.log`), `${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (result.status !== 0) {
    throw new Error(`${name} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  }
}

/** Waits for `url` to answer 200 while `child` runs. */
async function waitReady(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitedWith !== undefined) {
      throw new Error(`${child.name} exited (${child.exitedWith}) before ${url} was ready; see its log`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startRedis() {
  const redis = start('redis', 'redis-server', [
    '--port',
    String(ports.redis),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise((resolve, reject) => {
    let seen = '';
    redis.stdout.on('data', (chunk) => {
      seen += chunk.toString();
      if (seen.includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: is port ${ports.redis} free?`)));
  });
}

/** deploy/nginx.conf with this run's ports and directories, in front of the instances on `webPorts`. */
function renderNginx(webPorts = [ports.web1, ports.web2]) {
  const upstreams = webPorts.map((port) => `server 127.0.0.1:${port} max_fails=2 fail_timeout=5s;`).join('\n    ');
  const nginxDir = path.join(runDir, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  let conf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('{{LISTEN}}', `127.0.0.1:${ports.nginx}`)
    .replaceAll('{{UPSTREAMS}}', upstreams)
    .replaceAll('{{PID_FILE}}', path.join(nginxDir, 'nginx.pid'))
    .replaceAll('{{LOG_DIR}}', logDir)
    .replaceAll('{{TEMP_DIR}}', nginxDir)
    .replace('worker_processes auto;', 'worker_processes 1;');
  // The tests only: which instance answered, so they can show a limit counted across both; and
  // the dev mailbox, which answers only requests from this machine naming no other client
  // (decision 027) and addressed to a loopback name (decision 064), passed on without
  // X-Forwarded-For and with the Host the tests asked for (nginx would otherwise name its
  // upstream): nginx listens on 127.0.0.1 only, and the tests read sign-in codes from it through
  // nginx as they do from `npm start`.
  conf = conf.replace(
    'location / {',
    [
      'add_header X-Served-By $upstream_addr always;',
      '',
      '    location /dev/mailbox/ {',
      '      proxy_pass http://marketplace_web;',
      '      proxy_set_header Host $host;',
      '      proxy_set_header X-Forwarded-For "";',
      '    }',
      '',
      '    location / {',
    ].join('\n'),
  );
  const file = path.join(nginxDir, 'nginx.conf');
  writeFileSync(file, conf);
  return { file, dir: nginxDir };
}

async function createDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const role of [ownerRole, appRole]) {
      await admin.query(`create role ${role} login password '${role}-password'`);
    }
    await admin.query(`create database ${databaseName} owner ${ownerRole}`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    for (const role of [appRole, ownerRole]) await admin.query(`drop role if exists ${role}`);
  } finally {
    await admin.end();
  }
}

async function stopAll() {
  for (const child of children) child.kill('SIGTERM');
  const deadline = Date.now() + 12_000;
  while (children.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const child of children) child.kill('SIGKILL');
}

/** The cluster's browser and API tests through nginx, then the kill round. */
async function clusterTests(instances, mailServer) {
  say('ready; the cluster tests through nginx');
  const playwright = spawnSync(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.cluster.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        CLUSTER_PUBLIC_URL: publicUrl,
        CLUSTER_WEB_URLS: `http://127.0.0.1:${ports.web1},http://127.0.0.1:${ports.web2}`,
        CLUSTER_LOGIN_CODE_IP_LIMIT: sharedEnv.LOGIN_CODE_IP_LIMIT,
      },
    },
  );
  if (playwright.status !== 0) throw new Error(`the cluster's browser tests failed (${playwright.status})`);
  if (process.env.CLUSTER_SKIP_KILL_ROUND === '1') return;
  say('the kill round');
  await killRound({
    say,
    publicUrl,
    databaseUrl: ownerUrl,
    instances,
    ports,
    startInstance,
    waitReady,
    mailServer,
  });
}

// Interrupted (Ctrl-C, CI's timeout), or an error nothing caught: stop what it started and drop
// the database first, so no instance, nginx or Redis is left holding the run's ports.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`[cluster] ${signal}: stopping the cluster`);
    void stopAll()
      .then(dropDatabase)
      .finally(() => process.exit(1));
  });
}
process.once('uncaughtException', (error) => {
  console.error('[cluster] FAILED:', error);
  void stopAll()
    .then(dropDatabase)
    .finally(() => process.exit(1));
});

let status = 0;
let stopSmtp = async () => {};
try {
  if (
    !existsSync(path.join(root, 'apps/web/dist/index.html')) ||
    !existsSync(path.join(root, 'apps/console/dist/ops.html'))
  ) {
    say('building the web app (apps/web/dist or apps/console/dist is missing)');
    run('build', 'npm', ['run', 'build']);
  }
  say(`database ${databaseName}, logs in ${logDir}`);
  const [smtp] = await Promise.all([startSmtpSink(ports.smtp), createDatabase(), startRedis()]);
  stopSmtp = smtp.stop;
  // The release step as the owner, granting the app role its rights; then the instances as the app.
  const asOwner = { ...sharedEnv, DATABASE_URL: ownerUrl, DATABASE_APP_ROLE: appRole };
  run('migrate', 'npm', ['run', 'migrate'], asOwner);
  run('seed', 'npm', ['run', 'seed'], asOwner);
  await checkAppRoleCannotTamper(appUrl);
  say(`migrated and seeded as ${ownerRole}; ${appRole} cannot touch the audit trail's guard`);
  say('starting 2 web instances, 1 worker and nginx, as the app role');

  const instances = {
    web1: startInstance('web1', 'web', ports.web1),
    web2: startInstance('web2', 'web', ports.web2),
    worker: startInstance('worker', 'worker', ports.worker),
  };
  const nginxConf = renderNginx();
  const nginx = start('nginx', nginxBin, ['-p', nginxConf.dir, '-c', nginxConf.file, '-g', 'daemon off;']);
  await Promise.all([
    waitReady(`http://127.0.0.1:${ports.web1}/health/ready`, instances.web1),
    waitReady(`http://127.0.0.1:${ports.web2}/health/ready`, instances.web2),
    waitReady(`http://127.0.0.1:${ports.worker}/health/ready`, instances.worker),
  ]);
  await waitReady(`${publicUrl}/health/ready`, nginx);

  if (process.env.CLUSTER_MEASURE === 'checkout') {
    say('ready; measuring checkout-session creation through nginx');
    await measureCheckoutSessions({
      say,
      publicUrl,
      // web1 alone behind nginx: web2 stopped, nginx reloaded without it (SIGHUP rereads the file).
      stopWeb2: async () => {
        instances.web2.kill('SIGTERM');
        renderNginx([ports.web1]);
        nginx.kill('SIGHUP');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      },
    });
  } else {
    await clusterTests(instances, smtp);
  }
  say('passed');
} catch (error) {
  status = 1;
  console.error(`\n[cluster] FAILED: ${error instanceof Error ? error.message : error}`);
  console.error(`[cluster] logs: ${logDir}`);
  for (const name of ['web1', 'web2', 'worker', 'worker2', 'nginx', 'error']) {
    const file = path.join(logDir, `${name}.log`);
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(-15);
    if (lines.join('') !== '') console.error(`--- last lines of ${name}.log\n${lines.join('\n')}`);
  }
} finally {
  await stopAll();
  await stopSmtp();
  await dropDatabase().catch((error) => console.error(`could not drop ${databaseName}: ${error.message}`));
}
process.exit(status);
