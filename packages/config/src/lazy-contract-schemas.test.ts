// @vitest-environment node
import { type Plugin, parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { lazyContractSchemas } from './lazy-contract-schemas';

/** The plugin's transform hook with the one piece of Rollup's context it uses, its parser. */
function transform(code: string, id: string): { code: string } | null {
  const plugin: Plugin = lazyContractSchemas();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  return hook.call({ parse: (source: string) => parseAst(source) }, code, id);
}

const contractModule = '/repo/packages/contract/src/sample.ts';

describe('the contract schemas built on first use in the web build (decision 040)', () => {
  it('wraps each top-level schema a call builds, and nothing else', () => {
    const source = [
      "import { z } from 'zod';",
      'export const LIMIT = 5;',
      'export const PATTERN = /a/;',
      'const idSchema = text().trim();',
      'export const aSchema = z.object({ id: idSchema }), bSchema = aSchema.extend({ b: z.number() });',
      'export const aliasSchema = aSchema;',
      'export const makeSchema = (n) => z.string().max(n);',
      'export let lateSchema = z.string();',
      'export const endpoints = { get: { responses: { 200: aSchema } } };',
      'function local() { const innerSchema = z.string(); return innerSchema; }',
    ].join('\n');
    const result = transform(source, contractModule)?.code ?? '';
    expect(result.split('\n')).toEqual([
      expect.stringMatching(
        /^import \{ lazySchema as __lazySchema \} from ".*packages\/contract\/src\/lazy-schema\.ts";$/,
      ),
      "import { z } from 'zod';",
      'export const LIMIT = 5;',
      'export const PATTERN = /a/;',
      'const idSchema = __lazySchema(() => (text().trim()));',
      'export const aSchema = __lazySchema(() => (z.object({ id: idSchema }))), bSchema = __lazySchema(() => (aSchema.extend({ b: z.number() })));',
      'export const aliasSchema = aSchema;',
      'export const makeSchema = (n) => z.string().max(n);',
      'export let lateSchema = z.string();',
      'export const endpoints = { get: { responses: { 200: aSchema } } };',
      'function local() { const innerSchema = z.string(); return innerSchema; }',
    ]);
  });

  it('leaves every other module, and the helper itself, as it is', () => {
    const source = 'export const aSchema = z.object({});';
    expect(transform(source, '/repo/apps/web/src/lib/sample.ts')).toBeNull();
    expect(transform(source, '/repo/packages/contract/src/lazy-schema.ts')).toBeNull();
    expect(transform('export const LIMIT = 5;', contractModule)).toBeNull();
  });
});
