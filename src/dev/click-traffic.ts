import { randomUUID } from 'node:crypto';
import { signPartnerRequest } from '../server/domain/partner-signature';

/**
 * The partner simulator's click generator (design §5): it reads the placements the partner site
 * would show and reports signed click batches for them, as the real partner does.
 */

export interface ClickTrafficTarget {
  /** Our server, e.g. http://127.0.0.1:8080 */
  apiUrl: string;
  /** The shared partner secret (PARTNER_SECRET). */
  secret: string;
}

interface Placement {
  rank: number;
  username: string;
}

function signedHeaders(secret: string, signed: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'x-partner-timestamp': String(timestamp),
    'x-partner-signature': signPartnerRequest(secret, timestamp, signed),
  };
}

export async function fetchPlacements(
  target: ClickTrafficTarget,
  category: string,
): Promise<Placement[]> {
  const path = `/api/partner/placements?category=${encodeURIComponent(category)}`;
  const response = await fetch(target.apiUrl + path, {
    headers: signedHeaders(target.secret, path),
  });
  if (!response.ok) throw new Error(`placements for ${category}: HTTP ${response.status}`);
  return ((await response.json()) as { data: Placement[] }).data;
}

export interface ClickReport {
  received: number;
  duplicates: number;
  billed: number;
  unbilled: number;
  endedCampaigns: number;
}

/** Sends one signed batch of clicks on `username`, `count` events with fresh ids. */
export async function sendClicks(
  target: ClickTrafficTarget,
  username: string,
  count: number,
  at = new Date(),
): Promise<ClickReport> {
  const events = Array.from({ length: count }, () => ({
    id: randomUUID(),
    username,
    at: at.toISOString(),
  }));
  const body = JSON.stringify({ events });
  const response = await fetch(`${target.apiUrl}/api/partner/clicks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedHeaders(target.secret, body) },
    body,
  });
  if (!response.ok)
    throw new Error(`clicks on ${username}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as ClickReport;
}

export async function fetchCategorySlugs(target: ClickTrafficTarget): Promise<string[]> {
  const path = '/api/partner/categories';
  const response = await fetch(target.apiUrl + path, {
    headers: signedHeaders(target.secret, path),
  });
  if (!response.ok) throw new Error(`categories: HTTP ${response.status}`);
  return ((await response.json()) as { categories: { slug: string }[] }).categories.map(
    (c) => c.slug,
  );
}

/** Every profile placed in any category right now, best rank first, each once. */
export async function placedProfiles(target: ClickTrafficTarget): Promise<string[]> {
  const seen = new Map<string, number>();
  for (const category of await fetchCategorySlugs(target)) {
    for (const placement of await fetchPlacements(target, category)) {
      seen.set(
        placement.username,
        Math.min(seen.get(placement.username) ?? Infinity, placement.rank),
      );
    }
  }
  return [...seen].sort((a, b) => a[1] - b[1]).map(([username]) => username);
}

/**
 * Sends a few clicks on every placed profile every `everyMs`, fewer for lower ranks, so that in
 * development the dashboard's numbers move. Returns a stop function.
 */
export function startClickTraffic(
  target: ClickTrafficTarget,
  everyMs = 15_000,
  log: (line: string) => void = () => undefined,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const profiles = await placedProfiles(target);
      let billed = 0;
      for (const [index, username] of profiles.entries()) {
        const count = 1 + Math.floor(Math.random() * Math.max(1, 6 - Math.floor(index / 3)));
        billed += (await sendClicks(target, username, count)).billed;
      }
      if (billed > 0)
        log(`Partner simulator: ${billed} clicks billed on ${profiles.length} placed profiles`);
    } catch (error) {
      log(`Partner simulator: click traffic failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
