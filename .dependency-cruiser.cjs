// Import rules of the whole repository (docs/decisions/014-import-rules-and-naming.md), checked by
// `npm run lint:imports` as part of `npm test`. Paths are relative to the repository root.

/**
 * Which files of apps/api/src/db/schema each API module may import: a module reaches its own tables
 * directly and every other table only through the owning module's index.ts. A module not listed here
 * owns no table. auth and users share users.ts: sign-in creates and reads the account row that the
 * users module edits.
 */
const tableFilesOf = {
  auth: ['users'],
  carts: ['carts'],
  catalog: ['catalog'],
  chat: ['chat'],
  checkout: ['checkout'],
  'dev-mailbox': ['mail'],
  finance: ['finance'],
  passes: ['passes'],
  notifications: ['notifications'],
  gifts: ['gifts'],
  operators: ['operators'],
  outreach: ['outreach'],
  users: ['users'],
  vouchers: ['vouchers'],
  wallets: ['wallets'],
  wishlists: ['wishlists'],
};

/** The two front ends, the shop (apps/web) and the operator console (apps/console): the same rules for both. */
const web = '^apps/(web|console)/src';
const api = '^apps/api/src';
const anyIndex = 'index\\.tsx?$';

/** One rule per module: its files import no schema file but those it owns (nor the schema barrel). */
const tableRules = Object.entries(tableFilesOf).map(([module, files]) => ({
  name: 'api-module-owns-its-tables',
  comment: `modules/${module} may import only db/schema/{${files.join(',')}}.ts; reach other tables through their module's index.ts`,
  severity: 'error',
  from: { path: `${api}/modules/${module}/` },
  to: { path: `${api}/db/schema/`, pathNot: files.map((file) => `${api}/db/schema/${file}\\.ts$`) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere: split the shared part into its own file.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },

    // The apps stand apart: none imports another (the shop, the console and the API); what they
    // share is in packages/ (@gvm/contract, @gvm/ui, @gvm/web-lib, @gvm/config), which import no app.
    {
      name: 'packages-import-no-app',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'apps-stand-apart',
      comment: 'An app never imports another app: what two apps share goes into a package (packages/).',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },

    // Web: the shop and the console, each of its own features (apps/<app>/src/features)
    {
      name: 'web-shared-imports-no-feature',
      comment: 'components/, lib/, config/ and test/ are shared by every feature, so they import none.',
      severity: 'error',
      from: { path: `${web}/(components|lib|config|test)/` },
      to: { path: '^apps/$1/src/features/' },
    },
    {
      name: 'web-feature-through-index',
      comment: "A feature imports another feature only through that feature's index.ts (@/features/x).",
      severity: 'error',
      from: { path: `${web}/features/([^/]+)/` },
      to: {
        path: '^apps/$1/src/features/',
        pathNot: ['^apps/$1/src/features/$2/', `^apps/$1/src/features/[^/]+/${anyIndex}`],
      },
    },
    {
      name: 'web-app-through-index',
      comment:
        "app/ imports a feature through its index.ts; only the router's lazy page loaders (dynamic import) reach a feature's pages/ directly.",
      severity: 'error',
      from: { path: `${web}/app/` },
      to: {
        path: '^apps/$1/src/features/',
        pathNot: `^apps/$1/src/features/[^/]+/${anyIndex}`,
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'web-app-lazy-pages-only',
      comment: 'A dynamic import of a feature loads one of its pages/ (a route of its own).',
      severity: 'error',
      from: { path: `${web}/app/` },
      to: {
        path: '^apps/$1/src/features/',
        pathNot: '^apps/$1/src/features/[^/]+/pages/',
        dependencyTypes: ['dynamic-import'],
      },
    },

    // API
    {
      name: 'api-module-through-index',
      comment: "A module imports another module only through that module's index.ts (../<module>).",
      severity: 'error',
      from: { path: `${api}/modules/([^/]+)/` },
      to: {
        path: `${api}/modules/`,
        pathNot: [`${api}/modules/$1/`, `${api}/modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'api-app-through-index',
      comment:
        'Outside modules/ (app.ts, server.ts, the command-line tools), the API reaches a module only through its index.ts (./modules/<module>).',
      severity: 'error',
      from: { path: `${api}/`, pathNot: `${api}/modules/` },
      to: {
        path: `${api}/modules/`,
        pathNot: `${api}/modules/[^/]+/index\\.ts$`,
      },
    },
    {
      name: 'api-shared-imports-no-module',
      comment: 'lib/, plugins/, adapters/ and db/ are below the modules, so they import none.',
      severity: 'error',
      from: { path: `${api}/(lib|plugins|adapters|db)/` },
      to: { path: `${api}/modules/` },
    },
    {
      name: 'api-modules-one-way',
      comment:
        'Two modules never import each other, directly or round a cycle of modules: one builds on the other, or the app passes in what the lower one needs (app.ts).',
      severity: 'error',
      scope: 'folder',
      from: { path: `${api}/modules/[^/]+$` },
      to: { path: `${api}/modules/[^/]+$`, circular: true },
    },
    ...tableRules,
    {
      name: 'api-module-owns-its-tables',
      comment: 'A module not listed in tableFilesOf (.dependency-cruiser.cjs) owns no table.',
      severity: 'error',
      from: {
        path: `${api}/modules/`,
        pathNot: Object.keys(tableFilesOf).map((module) => `${api}/modules/${module}/`),
      },
      to: { path: `${api}/db/schema/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // scripts/fixtures holds trees that break the rules on purpose (scripts/check-import-rules.test.ts).
    exclude: { path: ['(^|/)(node_modules|dist|\\.data|test-results|playwright-report)/', '^scripts/fixtures/'] },
    // Type-only imports count: they are part of a folder's dependencies just the same.
    tsPreCompilationDeps: true,
    // The shop's `@/` alias and the console's `@console/` (their tsconfig.json files) as seen from the
    // root; the API has no alias.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
