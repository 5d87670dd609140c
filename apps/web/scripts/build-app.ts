import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { chunkPlan } from './first-loads';

/**
 * The shop's `vite build` in two passes (decision 041): the first, not written, shows how Rollup
 * cuts the app into chunks by itself; the second writes the build with those chunks put together by
 * the first loads that use them (chunkPlan). Both read vite.config.ts. Then it writes
 * dist/.vite/chunks.json (each chunk's file, the modules it holds code of, relative to apps/web,
 * and the files it imports), from which scripts/prerender-shells.ts lists each page's preloads.
 * The build fails if a chunk the plan kept holds other code than in the first pass, or if it holds
 * code of the operator console, an app of its own (apps/console, decisions 052 and 069).
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const configFile = path.join(webRoot, 'vite.config.ts');
/** The operator console's own code, which only its own build (apps/console) holds. */
const consoleSource = path.resolve(webRoot, '../console') + path.sep;

const chunksOf = (result: Awaited<ReturnType<typeof build>>) =>
  (Array.isArray(result) ? result : [result as Rollup.RollupOutput]).flatMap((output) =>
    output.output.filter((item) => item.type === 'chunk'),
  );

const first = chunksOf(await build({ configFile, logLevel: 'warn', build: { write: false } }));
const plan = chunkPlan(first, (source) => path.resolve(webRoot, source));
const written = chunksOf(
  await build({
    configFile,
    build: { rollupOptions: { output: { manualChunks: (id) => plan.get(id) } } },
  }),
);
// The modules a chunk holds code of (a manual chunk also lists the tree-shaken ones it pulled in).
const withCode = (chunk: Rollup.OutputChunk | undefined) =>
  Object.entries(chunk?.modules ?? {})
    .filter(([, module]) => module.renderedLength > 0)
    .map(([id]) => id)
    .sort();
const writtenByName = new Map(written.map((chunk) => [chunk.name, chunk]));
for (const chunk of first) {
  const name = plan.get(chunk.moduleIds[0] ?? '');
  if (name === undefined || !(chunk.isEntry || name.startsWith('chunk-'))) continue;
  if (withCode(writtenByName.get(name)).join('\n') !== withCode(chunk).join('\n')) {
    throw new Error(`build-app: the chunk of ${chunk.facadeModuleId ?? chunk.fileName} changed in the second pass`);
  }
}
// The shop holds none of the console (decision 052): a shop module that imported it would bring it
// into the shop's chunks, and perhaps into a shopper's first load.
const consoleInShop = written.flatMap((chunk) => withCode(chunk)).filter((id) => id.startsWith(consoleSource));
if (consoleInShop.length > 0) {
  throw new Error(
    `build-app: the shop's build holds the operator console's ${path.relative(webRoot, consoleInShop[0] ?? '')}`,
  );
}
const chunks = written.map((chunk) => ({
  file: chunk.fileName,
  name: chunk.name,
  isEntry: chunk.isEntry,
  modules: withCode(chunk).map((id) => path.relative(webRoot, id)),
  imports: chunk.imports,
}));
mkdirSync(path.join(webRoot, 'dist/.vite'), { recursive: true });
writeFileSync(path.join(webRoot, 'dist/.vite/chunks.json'), JSON.stringify(chunks));
