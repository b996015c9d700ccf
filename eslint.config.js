import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const clientFiles = [
  'src/routes/**',
  'src/features/**',
  'src/entities/**',
  'src/ui/**',
  'src/lib/**',
  'src/main.tsx',
  'src/boot.ts',
  'sw/**',
];

/** Every folder of src/features is a feature: a new one is fenced in as soon as it exists. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The only modules a feature may import from another feature (paths in src/features; `*` is any
 * file of that folder), each with why it is shared. Everything else stays inside its feature: a part
 * a second feature needs moves to src/entities (a building block: campaign, stats, session), src/ui or
 * src/lib, or is listed here with its reason.
 */
const sharedFeatureModules = [
  // The unread count the sidebar and the phone header show.
  'notifications/components/unread-badge',
  // The offline feature's banner (in the shell) and install offer (on the account page).
  'offline/components/offline-banner',
  'offline/components/install-button',
  // How a deposit reads (coin, date, status): the top-up screen shows the deposit the history lists.
  'transactions/format',
  // The history's query: the top-up screen offers the pending deposits it lists.
  'transactions/api/get-transactions',
  // The centred card of the public pages: the sign-in screens and the account's mailed-link pages.
  'auth/components/auth-layout',
  // The rules of a new password and its two fields: a reset and an account's first password (spec §5).
  'auth/validation',
  'auth/components/new-password-fields',
  // Resending the verification e-mail: the unverified banner (shell) and the account page both offer it.
  'account/components/resend-verification',
];

// A listed module that no longer exists fails here, so the list cannot outlive what it allows.
const missingShared = sharedFeatureModules.filter((module) => {
  const file = (ending) => new URL(`./src/features/${module}${ending}`, import.meta.url);
  return module.endsWith('/*')
    ? !existsSync(file('/..'))
    : !['.ts', '.tsx'].some((ext) => existsSync(file(ext)));
});
if (missingShared.length > 0) {
  throw new Error(
    `eslint.config.js lists shared feature modules that do not exist: ${missingShared.join(', ')}`,
  );
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sharedFeatureModule = sharedFeatureModules
  .map((module) => module.split('*').map(escapeRegExp).join('[^/]+'))
  .join('|');

/**
 * An import that leaves a feature for another one (`@/features/campaigns/...`, or relative:
 * `../../campaigns/...`) and names a module that sharedFeatureModules does not list (a no-restricted-imports
 * regex; imports inside the feature never climb to a feature folder's name).
 */
const intoOtherFeature = (feature) => {
  const others = features.filter((name) => name !== feature).map(escapeRegExp);
  return String.raw`^((\.\./)+(features/)?|@/features/)(?!(${sharedFeatureModule})$)(${others.join('|')})/`;
};

// The import boundaries of the client (style.md): routes → features → entities → ui/lib → shared.
const clientNeverImportsServer = {
  group: ['**/server/**', '**/server', '**/dev/**'],
  message: 'The client never imports server or dev code.',
};
const neverImportsRoutes = {
  group: ['**/routes', '**/routes/**', '**/routeTree.gen'],
  message: 'Routes import features, ui and lib, never the other way round.',
};
const neverImportsFeatures = {
  group: ['**/features', '**/features/**'],
  message: 'src/ui and src/lib serve every feature: they never import one.',
};
const neverImportsEntities = {
  group: ['**/entities', '**/entities/**'],
  message: 'src/ui and src/lib serve every entity: they never import one.',
};
const entitiesNeverImportFeatures = {
  group: ['**/features', '**/features/**'],
  message: 'An entity is a building block of features: it never imports one.',
};
const clientImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [clientNeverImportsServer, ...patterns] }],
});

// A relative path that climbs out of src/server into src/dev (an esquery regex).
const intoSrcDev = String.raw`/^(\.\.\/)+dev(\/|$)/`;
const serverNeverImportsDev =
  'The server never imports src/dev: the development entry (src/dev/start.ts) passes it in.';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Import boundaries (style.md): the client never imports the server, the server never imports React,
  // shared code imports neither.
  { files: clientFiles, rules: clientImports() },
  // A later block that sets no-restricted-imports replaces the earlier options for its files, so each
  // of these restates the client rule (clientImports) and adds its own lines.
  {
    files: ['src/ui/**', 'src/lib/**'],
    rules: clientImports(neverImportsRoutes, neverImportsFeatures, neverImportsEntities),
  },
  {
    files: ['src/entities/**'],
    rules: clientImports(neverImportsRoutes, entitiesNeverImportFeatures),
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: clientImports(neverImportsRoutes, {
      regex: intoOtherFeature(feature),
      message:
        `src/features/${feature} imports another feature only through the shared modules listed ` +
        'in eslint.config.js (sharedFeatureModules): move this part into src/ui, src/lib or this ' +
        'feature, or list it there with why it is shared.',
    }),
  })),
  // Server files at each depth: climbing out of src/server into a client folder is refused.
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`src/server/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'The server never imports React.' },
            { name: 'react-dom', message: 'The server never imports React.' },
          ],
          patterns: [
            {
              group: ['features', 'entities', 'routes', 'ui', 'lib', 'main'].map(
                (dir) => `${'../'.repeat(depth)}${dir}*`,
              ),
              message: 'The server never imports client code.',
            },
            {
              group: ['@tanstack/react-*', 'react-dom/*'],
              message: 'The server never imports React.',
            },
          ],
        },
      ],
    },
  })),
  // The server never loads the development environment, not even through import(): only the
  // development entry (src/dev/start.ts) puts the two together. no-restricted-syntax, because
  // no-restricted-imports does not see import() (and the blocks above already set that rule).
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ImportExpression',
          'ExportAllDeclaration',
          'ExportNamedDeclaration',
        ].map((node) => ({
          selector: `${node}[source.value=${intoSrcDev}]`,
          message: serverNeverImportsDev,
        })),
        {
          selector: `TSImportType[argument.literal.value=${intoSrcDev}]`,
          message: serverNeverImportsDev,
        },
        {
          selector: "ImportExpression:not([source.type='Literal'])",
          message:
            'Name the module of an import() in a plain string, so lint can check where it leads.',
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react', message: 'Shared code is framework-free.' }],
          patterns: [
            {
              group: [
                '**/server/**',
                '**/features/**',
                '**/entities/**',
                '**/routes/**',
                '**/ui/**',
                '**/lib/**',
                '**/dev/**',
              ],
              message: 'Shared code imports only shared code.',
            },
          ],
        },
      ],
    },
  },
);
