// `npm start`: builds the web app (the shop and the operator console, apps/web and apps/console)
// when a build is missing or older than its sources, then runs
// the API (which migrates, seeds an empty catalogue and serves the web app) in this process.
// `npm run start:worker` runs the same entry as a worker (APP_ROLE=worker, decision 055).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
// The operator console's page, an app of its own built after the shop (decisions 052 and 069).
const builtConsole = path.join(root, 'apps/console/dist/ops.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'apps/console/src',
  'apps/console/ops.html',
  'apps/console/vite.config.ts',
  'packages/contract/src',
  'packages/ui/src',
  'packages/web-lib/src',
  'packages/config/src',
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestChange(path.join(entry, name))));
}

const builtAt =
  existsSync(builtIndex) && existsSync(builtConsole)
    ? Math.min(statSync(builtIndex).mtimeMs, statSync(builtConsole).mtimeMs)
    : 0;
// A worker serves no pages (decision 055): it needs no build.
if (process.env.APP_ROLE !== 'worker' && builtAt < Math.max(...sources.map(newestChange))) {
  console.log('Building the web app...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

// `npm start` is how the shop is tried out, so its dev mailbox stays readable even though HOST
// defaults to 0.0.0.0 (decision 027): explicitly, and only while it is the mail transport (no
// SMTP_URL) outside production. A real deployment sets SMTP_URL, and the mailbox is gone.
if (!process.env.SMTP_URL && process.env.NODE_ENV !== 'production') process.env.DEV_MAILBOX ??= '1';

await import('tsx/esm/api').then(({ register }) => register());
await import(path.join(root, 'apps/api/src/server.ts'));
