import { percentile } from './load';
import { FIRST_NAMES, LAST_NAMES } from './seed';

/**
 * What advertisers type in the create-campaign search: 2-3 letters, parts and whole names, full
 * usernames, and misses.
 */
export function searchQueries(usernames: string[]): string[] {
  const queries = [
    'an',
    'mi',
    'zo',
    'le',
    'ja',
    'ox',
    'qz',
    'xy',
    'ann',
    'smi',
    'kow',
    'ell',
    'zzq',
    'Anna',
    'Smith',
    'Kowalski',
    'tanaka',
    'Nguyen',
    'Anna Smith',
    'Leo Kowalski',
    'Mia Tanaka',
    'nobody here',
    'xylophone',
    'qqqq',
    ...FIRST_NAMES.slice(0, 5).map(
      (first, i) => `${first.toLowerCase()}_${LAST_NAMES[i]!.toLowerCase()}`,
    ),
  ];
  return [...queries, ...usernames];
}

/**
 * Sends `count` POSTs of `bodies` (cycling through them) to `path` one after another, after `warmup`
 * unmeasured ones, and returns the p50 and p95 of their round trips in ms.
 */
export async function timePosts(
  url: string,
  path: string,
  cookie: string,
  bodies: unknown[],
  count: number,
  warmup = 50,
): Promise<{ p50: number; p95: number }> {
  const durations: number[] = [];
  for (let i = 0; i < warmup + count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(bodies[i % bodies.length]),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${text}`);
    if (i >= warmup) durations.push(performance.now() - started);
  }
  return { p50: percentile(durations, 50), p95: percentile(durations, 95) };
}

/** `count` searches of the create-campaign search (cycling through `queries`): p50 and p95 in ms. */
export function timeSearches(
  url: string,
  cookie: string,
  queries: string[],
  count: number,
): Promise<{ p50: number; p95: number }> {
  const bodies = queries.map((query) => ({ query }));
  return timePosts(url, '/api/search-profiles', cookie, bodies, count);
}
