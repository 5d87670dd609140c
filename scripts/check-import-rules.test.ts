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

interface CruisedModule {
  source: string;
  dependencies: { resolved: string }[];
}

interface Cruise {
  modules: CruisedModule[];
  summary: { violations: Violation[] };
}

/** Runs depcruise in `cwd` and answers what it found: every file with its imports, and the violations. */
function cruise(cwd: string, args: readonly string[]): Cruise {
  const run = spawnSync(process.execPath, [depcruise, ...args, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise gave no answer: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** The violations as "rule: from -> to". */
function violations({ summary }: Cruise): string[] {
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

interface Picture {
  nodes: string[];
  edges: string[];
}

/**
 * A Mermaid flowchart of docs/architecture.md as its nodes' labels and its edges "from -> to":
 * every node is declared `id["label"]` (alone or in an edge), every edge `id --> id`.
 */
function pictured(block: string): Picture {
  const labels = new Map([...block.matchAll(/(\w+)\["([^"]+)"\]/g)].map(([, id = '', label = '']) => [id, label]));
  const edges = [...block.matchAll(/^\s*(\w+)(?:\["[^"]*"\])?\s*-->\s*(\w+)(?:\["[^"]*"\])?\s*$/gm)].map(
    ([, from = '', to = '']) =>
      `${labels.get(from) ?? `undeclared ${from}`} -> ${labels.get(to) ?? `undeclared ${to}`}`,
  );
  return { nodes: [...labels.values()].sort(), edges: edges.sort() };
}

/**
 * What the code has, as the same two pictures: the workspaces (apps/*, packages/*) and which
 * import which, and the API modules and which import which.
 */
function imported({ modules }: Cruise): { workspaces: Picture; apiModules: Picture } {
  const workspaceOf = (path: string) => /^((?:apps|packages)\/[^/]+)\//.exec(path)?.[1];
  const moduleOf = (path: string) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(path)?.[1];
  const found = {
    workspaces: new Set<string>(),
    workspaceEdges: new Set<string>(),
    apiModules: new Set<string>(),
    moduleEdges: new Set<string>(),
  };
  for (const { source, dependencies } of modules) {
    const [workspace, module] = [workspaceOf(source), moduleOf(source)];
    if (workspace) found.workspaces.add(workspace);
    if (module) found.apiModules.add(module);
    for (const { resolved } of dependencies) {
      const [toWorkspace, toModule] = [workspaceOf(resolved), moduleOf(resolved)];
      if (workspace && toWorkspace && toWorkspace !== workspace)
        found.workspaceEdges.add(`${workspace} -> ${toWorkspace}`);
      if (module && toModule && toModule !== module) found.moduleEdges.add(`${module} -> ${toModule}`);
    }
  }
  return {
    workspaces: { nodes: [...found.workspaces].sort(), edges: [...found.workspaceEdges].sort() },
    apiModules: { nodes: [...found.apiModules].sort(), edges: [...found.moduleEdges].sort() },
  };
}

describe('import rules', () => {
  it('reports every forbidden import and the cycle in the fixture tree', () => {
    expect(violations(cruise(fixtures, ['apps', 'packages', '--config', config]))).toEqual([
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

  describe('the repository (what `npm run lint:imports` checks)', () => {
    const script: string = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).scripts['lint:imports'];
    const [command, ...args] = script.split(/\s+/);
    const repository = cruise(root, args);

    it('is cruised by depcruise and breaks no rule', () => {
      expect(command).toBe('depcruise');
      expect(violations(repository)).toEqual([]);
    });

    it("is what docs/architecture.md's pictures show: the workspaces, the API modules and which import which", () => {
      const blocks = [...readFileSync(`${root}/docs/architecture.md`, 'utf8').matchAll(/```mermaid\n([\s\S]*?)```/g)];
      const [workspaces, apiModules] = blocks.map(([, block = '']) => pictured(block));
      expect({ workspaces, apiModules }).toEqual(imported(repository));
    });

    it('reads a picture as its nodes and edges, so a missing or extra arrow fails the test above', () => {
      expect(
        pictured(
          'flowchart LR\n  web["apps/web"]\n  contract["packages/contract"]\n  web --> contract\n  web --> ui\n',
        ),
      ).toEqual({
        nodes: ['apps/web', 'packages/contract'],
        edges: ['apps/web -> packages/contract', 'apps/web -> undeclared ui'],
      });
    });
  });
});
