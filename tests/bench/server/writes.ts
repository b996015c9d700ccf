import { randomUUID } from 'node:crypto';
import { percentile } from './load';

export interface WriteTimings {
  withoutKey: { p50: number; p99: number };
  withKey: { p50: number; p99: number };
}

/**
 * Issue 14: what an Idempotency-Key costs a write. Campaign top-ups of $1 one after another, with and
 * without a key in turn (so that both see the same database and process state), after `warmup`
 * unmeasured pairs; the p50 and p99 of their round trips in ms. Each keyed top-up has a key of its
 * own, as each user intent does.
 */
export async function timeTopUps(
  url: string,
  cookie: string,
  username: string,
  pairs: number,
  warmup = 30,
): Promise<WriteTimings> {
  const withoutKey: number[] = [];
  const withKey: number[] = [];
  const topUp = async (key: string | undefined) => {
    const started = performance.now();
    const response = await fetch(`${url}/api/top-up-money-deposited`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify({ username, amount: 1 }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`top-up: HTTP ${response.status} ${text}`);
    return performance.now() - started;
  };
  for (let i = 0; i < warmup + pairs; i += 1) {
    const plain = await topUp(undefined);
    const keyed = await topUp(randomUUID());
    if (i < warmup) continue;
    withoutKey.push(plain);
    withKey.push(keyed);
  }
  const figures = (durations: number[]) => ({
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
  });
  return { withoutKey: figures(withoutKey), withKey: figures(withKey) };
}
