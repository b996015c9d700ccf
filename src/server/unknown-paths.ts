import { APP_ROUTES } from '../shared/app-routes';

/**
 * What a request that no route or file answers gets (issue 32 finding 6: every one got the app shell
 * with 200, `/.env`, `/.git/config` and `POST /anything` included):
 * - `page`: a GET of one of the app's pages: the shell, 200;
 * - `missing-page`: any other GET that looks like a page (no file extension, no dot-folder): the
 *   shell with 404, whose router shows the Error page (spec §2);
 * - `not-found`: everything else (other methods, the API, dot-folders and dotfiles, unknown files
 *   such as `/login.bak`): the error JSON, 404.
 */
export type UnknownPathAnswer = 'page' | 'missing-page' | 'not-found';

/** The app's pages as segment lists; `null` stands for a `$name` segment, which is any one segment. */
const PAGES = APP_ROUTES.map((path) =>
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('$') ? null : segment)),
);

export function unknownPathAnswer(method: string, url: string): UnknownPathAnswer {
  if (method !== 'GET' && method !== 'HEAD') return 'not-found';
  const path = url.replace(/[?#].*$/, '');
  if (path === '/api' || path.startsWith('/api/')) return 'not-found';
  const segments = decodedSegments(path);
  if (!segments || segments.some((segment) => segment.startsWith('.'))) return 'not-found';
  if (PAGES.some((page) => matches(page, segments))) return 'page';
  // A username may hold dots (`/analytics/anna.smith`), so only a path no page matches is a file.
  return segments.at(-1)?.includes('.') ? 'not-found' : 'missing-page';
}

/** The path's segments, %-escapes decoded (`/%2eenv` is `/.env`); one trailing slash is ignored. */
function decodedSegments(path: string): string[] | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  const segments = trimmed === '/' ? [] : trimmed.split('/').slice(1);
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

function matches(page: (string | null)[], segments: string[]): boolean {
  return (
    page.length === segments.length &&
    page.every((part, i) => (part === null ? segments[i] !== '' : part === segments[i]))
  );
}
