import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHUNK_RECORD, type ChunkRecord } from '@/build/chunk-plan';

export interface FirstLoad {
  /** Sum of the gzip (level 9) sizes of every JS and CSS file the page loaded, in bytes. */
  gzipBytes: number;
  files: { path: string; gzipBytes: number }[];
}

/** One file's size as a first load counts it: gzipped at level 9. */
export function gzipBytes(body: Buffer): number {
  return gzipSync(body, { level: 9 }).length;
}

export function firstLoadOf(files: FirstLoad['files']): FirstLoad {
  const sorted = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { gzipBytes: sorted.reduce((sum, file) => sum + file.gzipBytes, 0), files: sorted };
}

/**
 * The route files whose lazy parts (component, loader) the first screens load besides the app
 * chunk; the root route has none.
 */
export const FIRST_SCREEN_ROUTES = {
  '/login': ['src/routes/_public.tsx', 'src/routes/_public/login/index.tsx'],
  '/dashboard': ['src/routes/_app.tsx', 'src/routes/_app/dashboard.tsx'],
};
export type FirstScreen = keyof typeof FIRST_SCREEN_ROUTES;

/** The lazy parts a visit loads (an error or not-found component loads only when it is shown). */
function isVisitedPart(module: string, route: string): boolean {
  const [file, split] = module.split('?tsr-split=');
  if (file !== route || split === undefined) return false;
  return split.split('---').some((part) => part === 'component' || part === 'loader');
}

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries(
    [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
  );
}

/**
 * The first load of `page` computed from a build in `dir` (no browser): what `measureFirstLoad` counts
 * in Chromium on a cold visit. index.html's scripts (the boot script and the app it starts) and
 * stylesheets, the chunks holding the lazy parts of the page's routes, every chunk those import
 * statically and each chunk's stylesheets, each file gzipped at level 9. Which module is in which
 * chunk comes from the build's record (src/build/chunk-plan.ts).
 */
export async function firstLoadFromBuild(dir: string, page: FirstScreen): Promise<FirstLoad> {
  const recordFile = join(dir, CHUNK_RECORD);
  const record = JSON.parse(
    await readFile(recordFile, 'utf8').catch(() => {
      throw new Error(`${recordFile} is missing: run \`npm run build\` first.`);
    }),
  ) as ChunkRecord;
  const html = await readFile(join(dir, 'index.html'), 'utf8');

  const loaded = new Set<string>();
  const load = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const css of record[file]?.css ?? []) loaded.add(css);
    for (const imported of record[file]?.imports ?? []) load(imported);
  };
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const { src, href, rel, 'data-app': app } = attributes(tag);
    for (const path of [src, app, rel === 'stylesheet' ? href : undefined]) {
      if (path) load(path.replace(/^\//, ''));
    }
  }
  for (const route of FIRST_SCREEN_ROUTES[page]) {
    const chunks = Object.keys(record).filter((file) =>
      record[file]!.modules.some((module) => isVisitedPart(module, route)),
    );
    if (chunks.length === 0) {
      throw new Error(
        `No chunk of the build holds the lazy parts of ${route} (${page}): renamed? ` +
          'Update FIRST_SCREEN_ROUTES in tests/bench/web/build-first-load.ts.',
      );
    }
    chunks.forEach(load);
  }

  const files = await Promise.all(
    [...loaded].map(async (path) => ({
      path: `/${path}`,
      gzipBytes: gzipBytes(await readFile(join(dir, path))),
    })),
  );
  return firstLoadOf(files);
}
