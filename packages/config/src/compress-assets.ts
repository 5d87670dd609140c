import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * After an app's `vite build` (the shop's and the console's, each run in its own folder): writes each compressible asset's brotli and gzip copies beside it
 * (`index-abc.js.br`, `index-abc.js.gz`), which the server sends as they are (@fastify/static's
 * `preCompressed`, decision 039) instead of compressing the same file again on every request.
 * Made once, so at the strongest settings: brotli quality 11, gzip level 9. The folder is the
 * first argument, `dist/assets` of the working folder by default.
 */
const assetsDir = path.resolve(process.argv[2] ?? 'dist/assets');

/** Text formats; fonts and pictures are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** As the server's own compression (app.ts): below this a coding does not pay. */
const THRESHOLD_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(assetsDir)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assetsDir, name);
  const body = readFileSync(file);
  if (body.length < THRESHOLD_BYTES) continue;
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  // A copy no smaller than the file is not written: the server then sends the file itself.
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  files += 1;
  before += body.length;
  after += brotli.length;
}
console.log(
  `compressed copies written for ${files} assets (${(before / 1000).toFixed(1)} kB, brotli ${(after / 1000).toFixed(1)} kB)`,
);
