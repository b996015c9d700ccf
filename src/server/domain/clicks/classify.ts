import { createHmac, hash } from 'node:crypto';
import { isbot } from 'isbot';
import type { Config } from '../../config';
import type { ClickEvent, PreparedEvent } from './types';

/** The settings of the invalid-click rules (config: CLICK_* settings; design §5). */
export interface ClickRules {
  /** A visitor's second click on a profile within this many ms is a double click. */
  doubleClickMs: number;
  /** Clicks counted per visitor, and per address, on one profile in one UTC day before the rest is invalid. */
  dailyCap: number;
  /** Clicks dated (by `at` or by their id) more than this many ms ago are too old. */
  acceptMs: number;
  /** The key of the visitors' and addresses' hashes: they are never kept as sent. */
  visitorHashKey: string;
  /** Bill clicks with neither a visitor id nor an address (else they are `unidentified`). */
  allowUnidentified: boolean;
}

/**
 * The rules as the settings give them (config `clicks`); visitors are hashed under a key derived
 * from the session secret, never the secret itself.
 */
export function clickRulesOf(
  clicks: Pick<
    Config['clicks'],
    'doubleClickSeconds' | 'dailyCap' | 'acceptDays' | 'allowUnidentified'
  >,
  sessionSecret: string,
): ClickRules {
  return {
    doubleClickMs: clicks.doubleClickSeconds * 1000,
    dailyCap: clicks.dailyCap,
    acceptMs: clicks.acceptDays * 86_400_000,
    visitorHashKey: createHmac('sha256', sessionSecret).update('click visitors').digest('hex'),
    allowUnidentified: clicks.allowUnidentified,
  };
}

/**
 * A click dated up to this far ahead of our clock is taken as now: the partner's clock and ours may
 * differ by a little. Past it, the click is "future".
 */
export const CLOCK_SKEW_MS = 2 * 60_000;

/** The time in a UUIDv7's first 48 bits (the contract's CLICK_ID_PATTERN holds for `id`). */
export function uuidv7Time(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

const BOT_MEMO_LIMIT = 10_000;
const botMemo = new Map<string, boolean>();

/**
 * A known crawler or bot (isbot's list). A partner sends a few user agents many times over, so the
 * answers are kept: isbot tests one large regular expression.
 */
function isBot(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  let bot = botMemo.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botMemo.size >= BOT_MEMO_LIMIT) botMemo.clear();
    botMemo.set(userAgent, bot);
  }
  return bot;
}

/**
 * A visitor's (or an address's) key on one profile: the first 8 bytes of a keyed hash of both, as a
 * signed 64-bit integer in decimal. The visitors' memory is keyed by it (with the day): a narrow key
 * the billing statement sorts and looks up fast. Two keys of one day are the same by chance with
 * odds of about n^2 / 2^65 for n keys: for a million a day, once in 37 million days; at worst the two
 * share a day's double-click and cap count.
 *
 * The hash is SHA-256 of the secret key followed by the value, cut to its first 8 bytes: without the
 * key no one can tell which visitor or address a key stands for, and as only 8 of the 32 bytes are
 * kept (and never shown), the digest cannot be extended to other values (length extension needs the
 * whole digest), which HMAC's second pass would otherwise guard against.
 *
 * Speed trick (style habit 14): `crypto.hash` is one call, where `createHmac` made an object and
 * derived its two padded keys for every value; two keys an event made it a quarter of the server's
 * time a batch. Measured 2026-11-27 on this machine, 200,000 values: 1.9 -> 0.7 µs a key (README.md).
 */
const keyed = (rules: ClickRules, kind: 'v' | 'a', value: string, profile: string) =>
  hash('sha256', `${rules.visitorHashKey}${kind}:${profile}\u0000${value}`, 'buffer')
    .readBigInt64BE(0)
    .toString();

/** A visitor id or an address that names someone: text with more than blanks. */
const named = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

/**
 * Judges what needs no database (the rest is the statement's, statement.ts): a click dated in the
 * future or older than the accept window, by `at` or by its id's time, is not kept; a bot's is kept
 * (its id then answers as a duplicate if sent again) but never billed, and so is a click with
 * neither a visitor id nor an address (issue 32 finding 7: no visitor rule could judge it, so 15 of
 * 15 were billed), whatever its user agent says, unless the rules allow them. The day is the id's.
 */
export function prepareEvents(
  events: ClickEvent[],
  rules: ClickRules,
  now = Date.now(),
): PreparedEvent[] {
  return events.map((event) => {
    const idTime = uuidv7Time(event.id);
    const at = event.at.getTime();
    const idInside = idTime <= now + CLOCK_SKEW_MS && idTime >= now - rules.acceptMs;
    const verdict =
      at > now + CLOCK_SKEW_MS || idTime > now + CLOCK_SKEW_MS
        ? 'future'
        : at < now - rules.acceptMs || idTime < now - rules.acceptMs
          ? 'tooOld'
          : isBot(event.userAgent)
            ? 'bot'
            : !named(event.visitorId) && !named(event.ip) && !rules.allowUnidentified
              ? 'unidentified'
              : null;
    const profile = event.username.toLowerCase();
    const visitor = named(event.visitorId) ? keyed(rules, 'v', event.visitorId, profile) : null;
    const address = named(event.ip) ? keyed(rules, 'a', event.ip, profile) : null;
    return {
      id: event.id,
      username: event.username,
      at: event.at,
      // The id's day, while the id's own time is inside the window: a click dated outside it by `at`
      // alone is still looked for there (a resend of a recorded id is a duplicate). None outside (an id
      // far in the future has no ISO date of 10 characters, and no partition).
      day: idInside ? new Date(idTime).toISOString().slice(0, 10) : null,
      verdict,
      visitorKey: visitor ?? address,
      addressKey: visitor ? address : null,
    };
  });
}
