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
 * Sends `count` searches one after another (cycling through `queries`) after `warmup` unmeasured
 * ones, and returns the p50 and p95 of their round trips in ms.
 */
export async function timeSearches(
  url: string,
  cookie: string,
  queries: string[],
  count: number,
  warmup = 50,
): Promise<{ p50: number; p95: number }> {
  const durations: number[] = [];
  for (let i = 0; i < warmup + count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${url}/api/search-profiles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: queries[i % queries.length] }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`search: HTTP ${response.status} ${text}`);
    if (i >= warmup) durations.push(performance.now() - started);
  }
  return { p50: percentile(durations, 50), p95: percentile(durations, 95) };
}
