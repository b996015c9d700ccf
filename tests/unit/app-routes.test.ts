import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@/shared/app-routes';

const routesDir = fileURLToPath(new URL('../../src/routes', import.meta.url));

/**
 * A route file's full path by TanStack Router's file naming: `.` between segments as `/`, `_name`
 * a layout without a path, `index` its folder's page, `__root` the root layout.
 */
function fullPathOf(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, '')
    .split(/[/.]/)
    .filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${segments.join('/')}`;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(dir, entry.name))
      : [relative(routesDir, join(dir, entry.name))],
  );
}

describe('the app route table the server knows (src/shared/app-routes.ts)', () => {
  it('is the pages of src/routes: a route added, moved or removed fails here until the list follows', () => {
    const pages = new Set(routeFiles(routesDir).map(fullPathOf));
    expect([...APP_ROUTES].sort()).toEqual([...pages].sort());
  });

  it('is the full paths of the generated route tree', () => {
    const tree = readFileSync(
      fileURLToPath(new URL('../../src/routeTree.gen.ts', import.meta.url)),
      'utf8',
    );
    const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
    const paths = [...block.matchAll(/'([^']+)':/g)].map(([, path]) =>
      path!.length > 1 ? path!.replace(/\/$/, '') : path!,
    );
    expect([...APP_ROUTES].sort()).toEqual(paths.sort());
  });
});
