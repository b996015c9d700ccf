import { createRequire } from 'node:module';

/** The part of autocannon 9's programmatic API the bench uses (the package ships no types). */
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Seconds of measured load, after `warmupSeconds` of the same load that is not counted. */
  seconds?: number;
  warmupSeconds?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
}

/** Fixed-duration load with autocannon; throws when any answer is not a 2xx (a broken setup). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const common = {
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    connections: options.connections ?? 50,
    ...(options.body === undefined ? {} : { body: options.body }),
  };
  await autocannon({ ...common, duration: options.warmupSeconds ?? 1 });
  const result = await autocannon({ ...common, duration: options.seconds ?? 5 });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p99Ms: result.latency.p99,
  };
}

/** Latency percentile (0-100) of a list of durations, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
