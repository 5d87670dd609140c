import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

const assets = join(import.meta.dirname, '..', 'dist', 'assets');
const maps = new Map<string, SourceMapConsumer | null>();

/**
 * The build's source map of a script the page loaded from /assets/ (read once, then kept), or
 * null for a script that has none or is not the build's.
 */
export function sourceMapOf(url: string): SourceMapConsumer | null {
  const file = /\/assets\/([^/]+\.js)$/.exec(url)?.[1];
  if (!file) return null;
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file) ?? null;
}
