// `npm test`: every check and every test (README, "Test it"), failing when any fails.
//
// Lint, the import rules and the type check first (half a minute). Then vitest and the build at
// once: vitest alone leaves an eighth of two cores idle, waiting on PostgreSQL and on the servers
// its tests start, and the build fills that instead of taking 50 s after it. The lint and the type
// check beside vitest too made the whole slower, not faster: the type checker's threads and the
// test servers then fought for the cores (docs/performance-history.md, "The test loop", seventh pass). The
// browser tests come last, on the build, once everything before has passed: they keep both cores
// busy by themselves.
//
// The cluster test (`npm run test:cluster`: two web instances, a worker, nginx and Redis on a fresh
// PostgreSQL database; docs/deploy.md) runs after the build, beside vitest still running, where it
// needs its 50 s of two thirds of a core less than after the browser tests. It needs
// TEST_DATABASE_URL, nginx and redis-server (CI installs them); without them it is skipped, and
// says so, unless REQUIRE_CLUSTER_TEST=1 (CI) makes that a failure.
//
// The browser tests always run on the embedded database (PGlite), as a newcomer's `npm test` and
// `npm start` run them, even where TEST_DATABASE_URL is set (CI): the journeys are then proven
// on what users of the README meet, and a freeze that only the embedded database shows (one
// connection for the whole shop) fails CI. The API tests and the cluster test keep PostgreSQL.
//
// Vitest writes to the terminal as it runs; the other steps are each printed whole when they end,
// so the two never interleave within a line.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Runs `npm run <script>` and says how it ended and how long it took; resolves whether it passed.
 * A `quiet` step's output is kept and printed whole once it ends. `skipWhen` names an exit code
 * that means the step could not run here: it is told as skipped, and passes unless `required`.
 * `env` is the step's environment (this process's by default).
 */
function step(script, { quiet = false, skipWhen, required = false, env = process.env } = {}) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('close', (code, signal) => {
      const skipped = skipWhen !== undefined && code === skipWhen;
      const passed = code === 0 || (skipped && !required);
      const outcome =
        code === 0
          ? 'passed'
          : skipped
            ? required
              ? 'failed: skipped, where it must run'
              : 'skipped'
            : `failed (${code ?? signal})`;
      process.stdout.write(`${output}\n[npm test] npm run ${script}: ${outcome} in ${seconds(since)}\n`);
      resolve(passed);
    });
  });
}

async function buildThenCluster() {
  if (!(await step('build', { quiet: true }))) return false;
  // e2e/cluster/run.mjs exits 2, saying what is missing, when this machine lacks what the cluster
  // needs. CI sets REQUIRE_CLUSTER_TEST=1: there a skipped cluster test is a failure.
  return step('test:cluster', { quiet: true, skipWhen: 2, required: process.env.REQUIRE_CLUSTER_TEST === '1' });
}

for (const script of ['lint', 'lint:imports', 'typecheck']) {
  if (!(await step(script))) process.exit(1);
}
const [builtAndClustered, unitTested] = await Promise.all([buildThenCluster(), step('test:unit')]);
if (!builtAndClustered || !unitTested) process.exit(1);
const { TEST_DATABASE_URL: _onPostgres, ...embedded } = process.env;
const browserTested = await step('test:browser', { env: embedded });
process.stdout.write(`[npm test] ${browserTested ? 'passed' : 'failed'} in ${seconds(started)}\n`);
process.exit(browserTested ? 0 : 1);
