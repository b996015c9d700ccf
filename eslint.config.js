import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A folder's subfolders: every one is fenced in as soon as it exists. */
const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders('./src/features');
const entities = folders('./src/entities');

/**
 * The only modules a feature may import from another feature (files in src/features), each with why
 * it is shared. Everything else stays inside its feature: a part a second feature needs moves down to
 * src/entities (a building block: campaign, deposit, session, stats), src/ui or src/lib, or is listed here
 * with its reason.
 */
const sharedFeatureModules = [
  // The unread count the sidebar and the phone header show.
  'notifications/components/unread-badge.tsx',
  // The offline feature's banner (in the shell) and install offer (on the account page).
  'offline/components/offline-banner.tsx',
  'offline/components/install-button.tsx',
  // The rules of a new password and its two fields: a reset and an account's first password (spec §5).
  'auth/validation.ts',
  'auth/components/new-password-fields.tsx',
  // Resending the verification e-mail: the unverified banner (shell) and the account page both offer it.
  'account/components/resend-verification.tsx',
];

/**
 * The entities an entity may import, each with why; never both ways. stats imports campaign: its
 * figures refresh with the campaigns list (its query key) and the CSV exports count clicks used.
 * campaign imports session: its top-up and package dialogs check the balance the session holds.
 */
const entityImports = { stats: ['campaign'], campaign: ['session'] };

// A listed module or entity that no longer exists fails here, so the lists cannot outlive what they allow.
const missing = [
  ...sharedFeatureModules.map((module) => `src/features/${module}`),
  ...Object.entries(entityImports).flatMap(([entity, others]) =>
    [entity, ...others].map((name) => `src/entities/${name}`),
  ),
].filter((path) => !existsSync(new URL(`./${path}`, import.meta.url)));
if (missing.length > 0) {
  throw new Error(`eslint.config.js allows imports of what does not exist: ${missing.join(', ')}`);
}

const top = fileURLToPath(new URL('.', import.meta.url));
const client = [
  './src/routes',
  './src/features',
  './src/entities',
  './src/ui',
  './src/lib',
  './src/main.tsx',
  './src/boot.ts',
  './sw',
];

/**
 * The import boundaries (style.md) as import-x/no-restricted-paths zones, paths from the top level:
 * routes → features → entities → ui/lib → shared on the client, server → shared; a feature never
 * imports another feature (but sharedFeatureModules), nor an entity another entity (but entityImports).
 */
const zones = [
  {
    target: client.filter((path) => path !== './src/routes' && path !== './src/main.tsx'),
    from: ['./src/routes', './src/routeTree.gen.ts'],
    message: 'Routes import features, entities, ui and lib, never the other way round.',
  },
  {
    target: ['./src/entities', './src/ui', './src/lib', './sw'],
    from: './src/features',
    message:
      'Features are the top of the client below routes: entities, ui and lib never import one.',
  },
  {
    target: ['./src/ui', './src/lib', './sw'],
    from: './src/entities',
    message: 'src/ui and src/lib serve every entity: they never import one.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...sharedFeatureModules.map((module) => `./${module}`)],
    message:
      `src/features/${feature} imports another feature only through the shared modules listed in ` +
      'eslint.config.js (sharedFeatureModules): move this part into src/entities, src/ui, src/lib ' +
      'or this feature, or list it there with why it is shared.',
  })),
  ...entities.map((entity) => ({
    target: `./src/entities/${entity}`,
    from: './src/entities',
    except: [`./${entity}`, ...(entityImports[entity] ?? []).map((other) => `./${other}`)],
    message:
      `src/entities/${entity} imports another entity only as eslint.config.js allows ` +
      '(entityImports, one way, with why): move the part down to src/ui or src/lib.',
  })),
  {
    target: client,
    from: ['./src/server', './src/dev'],
    message: 'The client never imports server or dev code.',
  },
  {
    target: './src/server',
    from: [...client, './src/dev'],
    message:
      'The server never imports client code, nor src/dev: the development entry (src/dev/start.ts) ' +
      'passes it in.',
  },
  {
    target: './src/shared',
    from: [...client, './src/server', './src/dev', './src/build'],
    message: 'Shared code imports only shared code.',
  },
];

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
  // Import boundaries (style.md): the zones above, and no import cycles in src.
  {
    files: ['src/**', 'sw/**'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files parsed as such (no-cycle reads the files an import leads to).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: top, zones }],
      // An import() is left out: it runs once both modules have loaded (a lazy chunk, like the
      // write path of src/lib/api.ts or the identity dialog), so it cannot meet a half-loaded one.
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
    },
  },
  // The server never imports React, and shared code is framework-free (packages, not paths).
  {
    files: ['src/server/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'The server and shared code never import React.' },
            { name: 'react-dom', message: 'The server and shared code never import React.' },
          ],
          patterns: [
            {
              group: ['@tanstack/react-*', 'react-dom/*'],
              message: 'The server and shared code never import React.',
            },
          ],
        },
      ],
    },
  },
  // The server never loads the development environment, not even through import(): only the
  // development entry (src/dev/start.ts) puts the two together. no-restricted-syntax as well as the
  // zones: it also sees import('…') types, and refuses an import() whose module is not a plain string
  // (which no zone can follow).
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
);
