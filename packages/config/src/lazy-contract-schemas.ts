import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The contract's own sources, as Vite names them (`@gvm/contract` resolves to them). */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!lazy-schema\.ts$)[^\\/]+\.ts$/;
const LAZY_SCHEMA_MODULE = fileURLToPath(new URL('../../../packages/contract/src/lazy-schema.ts', import.meta.url));

/** The ESTree nodes this plugin reads (Rollup's parser, positions into the transformed code). */
interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: Node[];
  kind?: string;
  id?: { type: string; name?: string };
  init?: Node | null;
}

/**
 * The contract's top-level schemas built on first use in the web app (decision 040).
 *
 * Each contract module builds every schema it declares when it is first imported: its requests'
 * and its answers', though a page only parses a few answers. On `/checkout` that took 40-50 ms of
 * a load (a CPU profile, unthrottled; four times that on Lighthouse's phone), most of it for
 * schemas the page never reads. This transform rewrites, in the web's build, its dev server and
 * its unit tests (not the API, which uses them all at start-up), each top-level
 * `const <name>Schema = <call>` of a contract module into `lazySchema(() => <call>)`: a stand-in
 * that builds the schema when it is first read and then is it for every purpose. Only names
 * ending in `Schema` are rewritten, by the contract's own naming; any other value stays as written.
 */
export function lazyContractSchemas(): Plugin {
  return {
    name: 'gvm:lazy-contract-schemas',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id.split('?')[0] ?? '')) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const edits = new MagicString(code);
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations ?? []) {
          const { id: name, init } = declarator;
          if (name?.type !== 'Identifier' || !name.name?.endsWith('Schema')) continue;
          // A schema is built by a call (`z.object(...)`, `text()`, `base.extend(...)`).
          if (init?.type !== 'CallExpression') continue;
          edits.appendLeft(init.start, '__lazySchema(() => (');
          edits.appendRight(init.end, '))');
        }
      }
      if (!edits.hasChanged()) return null;
      edits.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(LAZY_SCHEMA_MODULE)};\n`);
      return { code: edits.toString(), map: edits.generateMap({ hires: true, source: id }) };
    },
  };
}
