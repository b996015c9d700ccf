import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const clientFiles = [
  'src/routes/**',
  'src/features/**',
  'src/ui/**',
  'src/lib/**',
  'src/main.tsx',
  'src/boot.ts',
  'sw/**',
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
  // Import boundaries (style.md): the client never imports the server, the server never imports React,
  // shared code imports neither.
  {
    files: clientFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/server', '**/dev/**'],
              message: 'The client never imports server or dev code.',
            },
          ],
        },
      ],
    },
  },
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
              group: ['features', 'routes', 'ui', 'lib', 'main'].map(
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
