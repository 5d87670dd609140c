// `npm test`: every check and every test (README, "Test it"), failing when any fails.
//
// Lint, the import rules and the type check first (half a minute). Then vitest and the build at
// once: vitest alone leaves an eighth of two cores idle, waiting on PostgreSQL and on the servers
// its tests start, and the build fills that instead of taking 50 s after it. The lint and the type
// check beside vitest too made the whole slower, not faster: the type checker's threads and the
// test servers then fought for the cores (docs/performance.md, "The test loop", seventh pass). The
// browser tests come last, on the build, once everything before has passed: they keep both cores
// busy by themselves.
//
// Vitest writes to the terminal as it runs; the other steps are each printed whole when they end,
// so the two never interleave within a line.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Runs `npm run <script>` and says how it ended and how long it took; resolves whether it passed.
 * A `quiet` step's output is kept and printed whole once it ends.
 */
function step(script, { quiet = false } = {}) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('close', (code, signal) => {
      const passed = code === 0;
      process.stdout.write(
        `${output}\n[npm test] npm run ${script}: ${passed ? 'passed' : `failed (${code ?? signal})`} in ${seconds(since)}\n`,
      );
      resolve(passed);
    });
  });
}

for (const script of ['lint', 'lint:imports', 'typecheck']) {
  if (!(await step(script))) process.exit(1);
}
const [built, unitTested] = await Promise.all([step('build', { quiet: true }), step('test:unit')]);
if (!built || !unitTested) process.exit(1);
const browserTested = await step('test:browser');
process.stdout.write(`[npm test] ${browserTested ? 'passed' : 'failed'} in ${seconds(started)}\n`);
process.exit(browserTested ? 0 : 1);
