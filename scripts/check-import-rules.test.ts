import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rules (.dependency-cruiser.cjs, decision 014) fail on what they forbid and pass on the tree.

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/import-rules/', import.meta.url));
const depcruise = fileURLToPath(
  new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url),
);
const config = fileURLToPath(new URL('../.dependency-cruiser.cjs', import.meta.url));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs depcruise in `cwd` and answers its violations as "rule: from -> to". */
function cruise(cwd: string, args: readonly string[]): string[] {
  const run = spawnSync(process.execPath, [depcruise, ...args, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise gave no answer: ${run.stderr}`);
  const violations: Violation[] = JSON.parse(run.stdout).summary.violations;
  return violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('import rules', () => {
  it('reports every forbidden import and the cycle in the fixture tree', () => {
    expect(cruise(fixtures, ['apps', 'packages', '--config', config])).toEqual([
      'api-app-through-index: apps/api/src/app.ts -> apps/api/src/modules/catalog/service.ts',
      'api-module-owns-its-tables: apps/api/src/modules/carts/service.ts -> apps/api/src/db/schema/catalog.ts',
      'api-module-owns-its-tables: apps/api/src/modules/carts/service.ts -> apps/api/src/db/schema/index.ts',
      'api-module-through-index: apps/api/src/modules/carts/service.ts -> apps/api/src/modules/catalog/service.ts',
      // basket and till import each other through their index.ts files, with no file in a cycle.
      'api-modules-one-way: apps/api/src/modules/basket -> apps/api/src/modules/till',
      'api-modules-one-way: apps/api/src/modules/till -> apps/api/src/modules/basket',
      'apps-stand-apart: apps/console/src/lib/console-button.ts -> apps/web/src/components/shared-button.ts',
      'no-circular: apps/api/src/lib/dev-transport.ts -> apps/api/src/lib/transport.ts',
      'packages-import-no-app: packages/kit/src/kit.ts -> apps/console/src/lib/console-button.ts',
      'web-app-lazy-pages-only: apps/web/src/app/router.ts -> apps/web/src/features/alpha/index.ts',
      'web-app-through-index: apps/web/src/app/router.ts -> apps/web/src/features/alpha/components/alpha-card.ts',
      'web-feature-through-index: apps/console/src/features/gamma/components/gamma-panel.ts -> apps/console/src/features/delta/api/delta-call.ts',
      'web-feature-through-index: apps/web/src/features/beta/components/beta-list.ts -> apps/web/src/features/alpha/components/alpha-card.ts',
      'web-shared-imports-no-feature: apps/console/src/lib/console-button.ts -> apps/console/src/features/delta/index.ts',
      'web-shared-imports-no-feature: apps/web/src/components/shared-button.ts -> apps/web/src/features/alpha/index.ts',
    ]);
  });

  it('finds no violation in the repository (what `npm run lint:imports` checks)', () => {
    const script: string = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).scripts['lint:imports'];
    const [command, ...args] = script.split(/\s+/);
    expect(command).toBe('depcruise');
    expect(cruise(root, args)).toEqual([]);
  });
});
