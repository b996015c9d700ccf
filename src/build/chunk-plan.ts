import { existsSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * The build's chunk plan (vite.config.ts hands it to Rolldown): which modules share a file. Members
 * are module files, relative to the top level and matched exactly (a `.css.ts` file with its
 * stylesheet, a route file with its lazy parts); a few are whole packages. A listed module that no
 * longer exists, or is no longer part of the build, fails the build: a rename would otherwise move
 * its code silently, into or out of a first load (`npm run test:size` holds the budgets).
 */
interface Chunk {
  name: string;
  modules: readonly string[];
  /** Every module of these packages (or scopes) in node_modules. */
  packages?: readonly string[];
  priority: number;
  minShareCount?: number;
}

/** The boot script and the shell it shows: it runs first, alone (src/boot.ts). */
const BOOT = ['src/boot.ts', 'src/features/shell/static-shell.ts'];

/**
 * What every first load needs (React, the router, the query client, the API client: every module
 * index.html imports statically) and, beside it, what both first screens share, in one file instead
 * of a dozen small ones: each file is a request and a compressed stream of its own.
 */
const APP: Chunk = {
  name: 'app',
  modules: [
    'src/ui/alert.tsx',
    'src/ui/alert.css.ts',
    'src/ui/button.tsx',
    'src/ui/button.css.ts',
    'src/ui/icons.tsx',
    'src/lib/use-document-title.ts',
    'node_modules/@tanstack/query-core/build/modern/mutationObserver.js',
    'node_modules/@tanstack/react-query/build/modern/useMutation.js',
  ],
  priority: 4,
};

/**
 * The code of the two first screens, sign-in and (signed in) the dashboard in its shell, one file
 * each (one stylesheet each) instead of half a dozen small ones; with them the UI parts their sibling
 * screens share (every public page sits in the sign-in card, every signed-in page in the shell).
 * A route file stands for its lazy parts: the route itself is in the app chunk.
 */
const FIRST_SCREENS: Chunk[] = [
  {
    name: 'sign-in',
    modules: [
      'src/routes/_public.tsx',
      'src/routes/_public/login/index.tsx',
      'src/features/auth/api/login.ts',
      'src/ui/auth-layout.tsx',
      'src/ui/auth-layout.css.ts',
      'src/features/auth/components/login-form.tsx',
      'src/features/auth/components/register-link.tsx',
      'src/ui/field.tsx',
      'src/ui/field.css.ts',
      // Every screen's failure text (issue 34 point 8), the sign-in form's among them; out of the app
      // chunk, as the dashboard's first paint shows none (npm run test:size).
      'src/lib/error-message.ts',
    ],
    priority: 2,
  },
  {
    name: 'app-shell',
    modules: [
      'src/routes/_app.tsx',
      'src/routes/_app/dashboard.tsx',
      'src/features/shell/components/app-shell.tsx',
      'src/features/shell/components/app-shell.css.ts',
      'src/features/shell/components/sidebar.tsx',
      'src/features/dashboard/components/dashboard-page.tsx',
      'src/features/dashboard/components/dashboard.css.ts',
      'src/features/dashboard/components/campaign-table.tsx',
      'src/features/dashboard/components/stat-cards.tsx',
      'src/features/notifications/api/get-unread-count.ts',
      'src/features/notifications/api/notifications-query-key.ts',
      'src/features/notifications/components/unread-badge.tsx',
      'src/features/notifications/components/unread-badge.css.ts',
      'src/entities/session/api/logout.ts',
      'src/entities/campaign/campaign-list.ts',
      'src/entities/campaign/components/avatar.tsx',
      'src/entities/campaign/components/campaigns.css.ts',
      'src/entities/campaign/components/status-badge.tsx',
      'src/entities/campaign/components/use-partner-profile-url.ts',
      'src/shared/contract/unread-count.ts',
      'src/ui/card.tsx',
      'src/ui/card.css.ts',
      'src/ui/select-filter.tsx',
      'src/ui/select.css.ts',
      'src/lib/format.ts',
    ],
    priority: 2,
  },
];

/**
 * Small pieces the other route chunks share (UI parts, query hooks) in one file; the heavy libraries
 * of single screens (dialogs, chart, QR code, chain client) and the pager of the list screens stay
 * apart.
 */
const SHARED: Chunk = {
  name: 'shared',
  modules: ['src/lib/paging.ts', 'src/lib/use-countdown.ts'],
  packages: ['react', 'react-dom', '@tanstack'],
  minShareCount: 2,
  priority: 1,
};

const CHUNKS = [APP, ...FIRST_SCREENS, SHARED];
const LISTED = [...BOOT, ...CHUNKS.flatMap((chunk) => chunk.modules)];
const PACKAGES = CHUNKS.flatMap((chunk) => chunk.packages ?? []);

/** Where the build writes which modules each chunk holds (read by `npm run test:size`). */
export const CHUNK_RECORD = '.vite/chunks.json';

export interface ChunkRecord {
  [file: string]: { name: string; modules: string[]; imports: string[]; css: string[] };
}

/**
 * The file a module id stands for: without its query (`?tsr-split=component` is a route's lazy part)
 * and without vanilla-extract's `.vanilla.css` (a `.css.ts` file's stylesheet).
 */
export function moduleFile(id: string): string {
  return id.replace(/\?.*$/, '').replace(/\.vanilla\.css$/, '');
}

/** A member's module id: its real path with forward slashes, as Vite resolves ids. */
function absolute(root: string, member: string): string {
  const path = join(root, member);
  return (existsSync(path) ? realpathSync(path) : path).split(sep).join('/');
}

function memberTest(root: string, chunk: Pick<Chunk, 'modules' | 'packages'>) {
  const files = new Set(chunk.modules.map((module) => absolute(root, module)));
  const folders = (chunk.packages ?? []).map(
    (name) => `${absolute(root, `node_modules/${name}`)}/`,
  );
  return (id: string): boolean => {
    const file = moduleFile(id);
    return files.has(file) || folders.some((folder) => file.startsWith(folder));
  };
}

type ModuleGraph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;
const initialModules = new WeakMap<ModuleGraph, Map<string, boolean>>();

/** Whether the app's entry (index.html) imports `id`, directly or through static imports. */
function isInitial(id: string, graph: ModuleGraph): boolean {
  let known = initialModules.get(graph);
  if (!known) initialModules.set(graph, (known = new Map()));
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  known.set(id, false); // import cycles
  const info = graph.getModuleInfo(id);
  const initial =
    !!info &&
    ((info.isEntry && id.endsWith('index.html')) ||
      info.importers.some((importer) => isInitial(importer, graph)));
  known.set(id, initial);
  return initial;
}

/** Rolldown's `output.codeSplitting.groups` for the app whose top level is `root`. */
export function chunkGroups(root: string): Rolldown.CodeSplittingGroup[] {
  const boot = memberTest(root, { modules: BOOT });
  const app = memberTest(root, APP);
  return [
    {
      name: (id, graph) => (!boot(id) && (app(id) || isInitial(id, graph)) ? APP.name : null),
      debugName: APP.name,
      priority: APP.priority,
    },
    ...[...FIRST_SCREENS, SHARED].map(({ name, priority, minShareCount, ...members }) => ({
      name,
      test: memberTest(root, members),
      priority,
      ...(minShareCount ? { minShareCount } : {}),
    })),
  ];
}

/**
 * Fails the build when the plan names a module that no longer exists or is no longer built, and
 * writes which modules each chunk holds to CHUNK_RECORD (in a dot folder: neither served nor
 * precached).
 */
export function checkChunkPlan(root: string): Plugin {
  const problem = (what: string, members: string[]) =>
    `The chunk plan (src/build/chunk-plan.ts) names ${what}: ${members.join(', ')}. ` +
    'Its code would silently move to another chunk (perhaps into a first load): update the plan.';
  const top = `${absolute(root, '.')}/`;
  return {
    name: 'chunk-plan',
    apply: 'build',
    buildStart() {
      const members = [...LISTED, ...PACKAGES.map((name) => `node_modules/${name}`)];
      const missing = members.filter((member) => !existsSync(absolute(root, member)));
      if (missing.length > 0) this.error(problem('modules that do not exist', missing));
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const built = new Set(chunks.flatMap((chunk) => chunk.moduleIds.map(moduleFile)));
      const unused = LISTED.filter((member) => !built.has(absolute(root, member)));
      if (unused.length > 0) this.error(problem('modules the build no longer has', unused));
      const record: ChunkRecord = {};
      for (const chunk of chunks) {
        record[chunk.fileName] = {
          name: chunk.name,
          modules: chunk.moduleIds.map((id) =>
            id.startsWith(top) ? id.slice(top.length) : id.replace(/^\0/, ''),
          ),
          imports: chunk.imports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
        };
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_RECORD, source: JSON.stringify(record) });
    },
  };
}
