import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports map only its `dist/development` build (warnings and dev checks
 * included); the production build beside it is the same code without them. Both apps' `vite
 * build` use it (decision 023); the dev server and the tests keep the development build and its
 * warnings.
 */
export const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
