import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import {
  ClickBatchResponse,
  MAX_CLICK_BATCH,
  type ClickBatchBody,
} from '../shared/contract/partner';
import { signPartnerRequest } from '../server/domain/auth/partner-signature';

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

type ClickEvent = ClickBatchBody['events'][number];
type Visitor = Pick<ClickEvent, 'visitor_id' | 'user_agent' | 'ip'>;

/** Real browsers' User-Agent headers, desktop and phone; `isbot` (the server's check) flags none. */
export const BROWSER_USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
] as const;

/** Real crawlers' and scripts' User-Agent headers; `isbot` flags each one. */
export const BOT_USER_AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'python-requests/2.32.3',
] as const;

/** The share of clicks (0 to 1) that come from bots, and that repeat a person's click. */
export interface ClickMix {
  bots: number;
  doubleClicks: number;
}

/** Only people's first clicks, all valid: callers that must bill an exact count (tests, screenshots). */
export const CLEAN_TRAFFIC: ClickMix = { bots: 0, doubleClicks: 0 };

/** The demo's traffic (issue 18): some clicks the server must find invalid and never bill. */
export const REALISTIC_TRAFFIC: ClickMix = { bots: 0.05, doubleClicks: 0.05 };

export interface ClickOptions {
  /** When the clicks happened (a double click's first click 1 to 2 s before). Default: now. */
  at?: Date;
  /** Default: CLEAN_TRAFFIC. */
  mix?: ClickMix;
  /** Picks visitors and the mix, e.g. `seededRandom(seed)` to repeat a run. Default: Math.random. */
  random?: () => number;
}

/**
 * Large enough that a visitor rarely comes back by chance: the server would count a return on the
 * same profile within 60 s as a double click, or past its daily cap.
 */
const VISITOR_POOL_SIZE = 50_000;

export { seededRandom } from './demo-catalogue';

/**
 * Simulated visitor number `index`: the same cookie id, browser and address every time. Each has its
 * own address, in ranges no real visitor has (10.0.0.0/8, RFC 1918; 2001:db8::/32, RFC 3849): shared
 * addresses would reach the server's daily cap per address (10 by default) within hours of
 * development traffic, hiding the bots and double clicks the demo is meant to show.
 */
function visitor(index: number): Visitor {
  return {
    visitor_id: `sim-visitor-${index}`,
    user_agent: BROWSER_USER_AGENTS[index % BROWSER_USER_AGENTS.length],
    ip:
      index % 2 === 0
        ? `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`
        : `2001:db8::${index.toString(16)}`,
  };
}

/**
 * `count` clicks on `username`, each from a different visitor of the pool. Per event drawn: with
 * the `bots` share a crawler's click; with the `doubleClicks` share a person's click and the same
 * visitor's second click 1 to 2 s later (if the batch has room for both); otherwise a person's click.
 * Ids are UUIDv7 of the click's time; their random bits never come from `random`, so a repeated seed
 * never re-sends an id.
 */
export function clickEvents(
  username: string,
  count: number,
  { at = new Date(), mix = CLEAN_TRAFFIC, random = Math.random }: ClickOptions = {},
): ClickEvent[] {
  if (count > MAX_CLICK_BATCH)
    throw new RangeError(`A batch holds at most ${MAX_CLICK_BATCH} clicks`);
  const taken = new Set<number>();
  const newVisitor = () => {
    let index: number;
    do index = Math.floor(random() * VISITOR_POOL_SIZE);
    while (taken.has(index));
    taken.add(index);
    return visitor(index);
  };
  const click = (who: Visitor, msecs: number): ClickEvent => ({
    id: uuidv7({ msecs }),
    username,
    at: new Date(msecs).toISOString(),
    ...who,
  });
  const atMs = at.getTime();
  const events: ClickEvent[] = [];
  while (events.length < count) {
    const roll = random();
    if (roll < mix.bots) {
      const userAgent = BOT_USER_AGENTS[Math.floor(random() * BOT_USER_AGENTS.length)];
      events.push(click({ ...newVisitor(), user_agent: userAgent }, atMs));
    } else if (roll < mix.bots + mix.doubleClicks && events.length + 2 <= count) {
      const who = newVisitor();
      const gapMs = 1000 + Math.floor(random() * 1001);
      events.push(click(who, atMs - gapMs), click(who, atMs));
    } else {
      events.push(click(newVisitor(), atMs));
    }
  }
  return events;
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

/** The server's answer to a batch: how many were billed, and why the others were not. */
export type ClickReport = v.InferOutput<typeof ClickBatchResponse>;

/** Sends one signed batch of `count` clicks on `username` (see `clickEvents` for the mix). */
export async function sendClicks(
  target: ClickTrafficTarget,
  username: string,
  count: number,
  options: ClickOptions = {},
): Promise<ClickReport> {
  const body = JSON.stringify({ events: clickEvents(username, count, options) });
  const response = await fetch(`${target.apiUrl}/api/partner/clicks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedHeaders(target.secret, body) },
    body,
  });
  if (!response.ok)
    throw new Error(`clicks on ${username}: HTTP ${response.status} ${await response.text()}`);
  return v.parse(ClickBatchResponse, await response.json());
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
 * development the dashboard's numbers move, with the realistic share of invalid clicks. Returns a
 * stop function.
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
      let invalid = 0;
      for (const [index, username] of profiles.entries()) {
        const count = 1 + Math.floor(Math.random() * Math.max(1, 6 - Math.floor(index / 3)));
        const report = await sendClicks(target, username, count, { mix: REALISTIC_TRAFFIC });
        billed += report.billed;
        invalid += report.invalid;
      }
      if (billed > 0)
        log(
          `Partner simulator: ${billed} clicks billed (${invalid} invalid, not billed) on ${profiles.length} placed profiles`,
        );
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
