import { clickId, noInvalidReasons } from '../../helpers/click-ids';
import {
  RUN_ADDRESSES,
  RUN_VISITORS,
  type ClickExtra,
  type ClickGroup,
  type Redating,
} from './random-ops-ops';

/**
 * The click events of a random-ops run as design §5 has them, apart from HTTP and money: which
 * events of a batch are new, and which of those are invalid and why (issue 18). The runner bills the
 * valid ones against its campaigns, and compares the app's answers and hourly roll-ups with this book.
 */

/** The rules the random-ops server runs with: its CLICK_* settings are CLICK_SETTINGS. */
export const CLICK_RULES = {
  doubleClickMs: 60_000,
  /**
   * Below the default 10: a visitor's clicks count toward the cap only 60 s apart, and a campaign
   * made during the run places its profile from 5 minutes before it started, so one visitor could
   * not pass a cap of 10 with clicks the run can date.
   */
  dailyCap: 4,
  acceptDays: 7,
};

export const CLICK_SETTINGS = {
  CLICK_DOUBLE_CLICK_SECONDS: String(CLICK_RULES.doubleClickMs / 1000),
  CLICK_DAILY_CAP: String(CLICK_RULES.dailyCap),
  CLICK_ACCEPT_DAYS: String(CLICK_RULES.acceptDays),
};

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A click dated up to 2 minutes ahead of the server's clock is taken as now (design §5). */
const CLOCK_SKEW_MS = 2 * MINUTE;
/** Overcap clicks are 61 s apart: none is a double click of the one before. */
const OVERCAP_STEP_MS = CLICK_RULES.doubleClickMs + 1000;
/**
 * How long a run may last for `placed` below to hold: the oldest click the run sends inside the window
 * is dated 4 minutes back, and an ended period places its profile until 5 minutes after its end.
 */
export const LONGEST_RUN_MS = 8 * MINUTE;
const REDATED: Record<Redating, number> = {
  minutes: -3 * MINUTE,
  day: -DAY,
  old: -8 * DAY,
  ahead: 60 * MINUTE,
};

export const BOT_USER_AGENT =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface SentClick {
  id: string;
  username: string;
  at: string;
  visitor_id?: string;
  user_agent?: string;
  ip?: string;
}

export type InvalidReason =
  'bot' | 'unidentified' | 'doubleClick' | 'dailyCap' | 'notPlaced' | 'tooOld' | 'future';
export type InvalidCounts = Record<InvalidReason, number>;

/** One profile's clicks over the run, as its hourly roll-ups (click_hours) sum them. */
export interface ProfileClicks extends InvalidCounts {
  billed: number;
  billedCents: number;
  unbilled: number;
}

export interface Judgement {
  /** The new valid events, in batch order: those billing takes. */
  valid: SentClick[];
  /** Of one copy of the batch: events recorded before or earlier in it. */
  duplicates: number;
  /**
   * Of one copy: too old and future events are judged again in every copy (never kept); the other
   * reasons are those of the new events, judged once however many copies are sent.
   */
  invalid: InvalidCounts;
}

const noInvalid = (): InvalidCounts => noInvalidReasons();

const iso = (ms: number) => new Date(ms).toISOString();
/** The time in a UUIDv7's first 48 bits (contract ClickEventInput). */
const idTime = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
/** The UTC day of a time, as the click log and the visitors' memory file it. */
const dayOf = (ms: number) => iso(ms).slice(0, 10);
const dayBefore = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) - DAY);

/** One row per key of a new event the visitor rules judge (statement.ts: keyed). */
interface KeyedRow {
  event: SentClick;
  profile: string;
  day: string;
  at: number;
  key: string;
  /** The visitor's key (else the address's): the one double clicks are judged by. */
  main: boolean;
}

/** Order of the statement's visitor rules: by time, then id (uuids compare as their hex). */
const byTime = (a: KeyedRow, b: KeyedRow) =>
  a.at - b.at || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0);

export class ClickBook {
  private events = 0;
  /** Ids the server keeps: each is billed at most once, ever. In the order recorded. */
  private readonly kept = new Set<string>();
  private readonly keptIds: string[] = [];
  /** Every id sent so far, for the replays. */
  private readonly sent = new Set<string>();
  private readonly sentIds: string[] = [];
  private readonly usernames = new Map<string, string>();
  /** The visitor rules' memory: per UTC day, profile and key, clicks counted and the latest time. */
  private readonly visitors = new Map<string, { clicks: number; lastAt: number }>();
  /** Per profile (lower case). */
  readonly perProfile = new Map<string, ProfileClicks>();

  constructor(
    private readonly tag: string,
    private readonly profiles: string[],
  ) {}

  /**
   * A batch made at `now`: the groups' new events, the extras, maybe the first event again, and
   * replays of ids sent before (as the first profile's, now). The extras' profile index names one
   * through `profileOf`, so that they meet the campaigns.
   */
  batch(
    op: { groups: ClickGroup[]; extras: ClickExtra[]; replays: number[]; repeatInBatch: boolean },
    now: number,
    profileOf: (index: number) => string,
  ): SentClick[] {
    const events: SentClick[] = [];
    for (const group of op.groups) {
      const name = this.profiles[group.profile]!;
      const username = group.upper ? name.toUpperCase() : name;
      for (let i = 0; i < group.count; i++) {
        const click = this.click(username, now);
        events.push(group.visitors ? { ...click, ...this.ownVisitor() } : click);
      }
    }
    for (const extra of op.extras) events.push(...this.extra(extra, now, profileOf));
    if (op.repeatInBatch) events.push({ ...events[0]! });
    if (this.sentIds.length > 0) {
      for (const replay of op.replays) {
        events.push({
          id: this.sentIds[replay % this.sentIds.length]!,
          username: this.profiles[0]!,
          at: iso(now),
        });
      }
    }
    return events;
  }

  private click(username: string, at: number, madeAt = at): SentClick {
    this.events += 1;
    const id = clickId(`${this.tag}-e${this.events}`, madeAt);
    this.usernames.set(id, username);
    return { id, username, at: iso(at) };
  }

  /** A visitor of the click's own: their id, address and browser. */
  private ownVisitor() {
    const n = this.events;
    return {
      visitor_id: `${this.tag}-e${n}-visitor`,
      ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      user_agent: BROWSER_USER_AGENT,
    };
  }

  private extra(extra: ClickExtra, now: number, profileOf: (index: number) => string): SentClick[] {
    if (extra.kind === 'redated') {
      if (this.keptIds.length === 0) return [];
      const id = this.keptIds[extra.event % this.keptIds.length]!;
      return [{ id, username: this.usernames.get(id)!, at: iso(now + REDATED[extra.when]) }];
    }
    const username = profileOf(extra.profile);
    const times = (count: number, at: (i: number) => number) =>
      Array.from({ length: count }, (_, i) => at(i));
    const visitor = (index: number) => ({
      visitor_id: `${this.tag}-visitor-${index % RUN_VISITORS}`,
      user_agent: BROWSER_USER_AGENT,
    });
    switch (extra.kind) {
      case 'bot':
        return times(extra.count, () => now).map((at) => ({
          ...this.click(username, at),
          user_agent: BOT_USER_AGENT,
        }));
      case 'doubleClick':
        return [now - extra.gapSeconds * 1000, now].map((at) => ({
          ...this.click(username, at),
          ...visitor(extra.visitor),
        }));
      case 'overCap':
        return times(CLICK_RULES.dailyCap + 1, (i) => now - 4 * MINUTE + i * OVERCAP_STEP_MS).map(
          (at) => ({ ...this.click(username, at), ...visitor(extra.visitor) }),
        );
      case 'sharedAddress':
        return times(extra.count, () => now).map((at) => {
          const click = this.click(username, at);
          return {
            ...click,
            ...this.ownVisitor(),
            ip: `203.0.113.${(extra.address % RUN_ADDRESSES) + 1}`,
          };
        });
      case 'tooOld':
      case 'future': {
        const at = now + (extra.kind === 'tooOld' ? -8 * DAY : 60 * MINUTE);
        return times(extra.count, () => at).map(() =>
          this.click(username, at, extra.byId ? at : now),
        );
      }
    }
  }

  /**
   * Judges a batch sent `copies` times at `now` (or just after) as the server must, and records what
   * it keeps. `placed` says whether a campaign placed the profile (lower case) at the clicks' times.
   */
  judge(
    events: SentClick[],
    now: number,
    copies: number,
    placed: (profile: string) => boolean,
  ): Judgement {
    const invalid = noInvalid();
    let duplicates = 0;
    const fresh: SentClick[] = [];
    const inBatch = new Set<string>();
    for (const event of events) {
      if (!this.sent.has(event.id)) {
        this.sent.add(event.id);
        this.sentIds.push(event.id);
      }
      const outside = this.outsideWindow(event, now);
      if (outside && this.idInsideWindow(event, now) && this.kept.has(event.id)) {
        // Dated outside the window by `at` alone, its id recorded before: a resend (statement.ts: outside).
        duplicates += 1;
      } else if (outside) {
        invalid[outside] += 1;
        this.profile(event.username)[outside] += copies;
      } else if (this.kept.has(event.id) || inBatch.has(event.id)) {
        duplicates += 1;
      } else {
        inBatch.add(event.id);
        fresh.push(event);
      }
    }
    const verdicts = new Map<SentClick, InvalidReason | null>();
    const keyed: SentClick[] = [];
    for (const event of fresh) {
      this.kept.add(event.id);
      this.keptIds.push(event.id);
      if (event.user_agent === BOT_USER_AGENT) verdicts.set(event, 'bot');
      // Neither a visitor id nor an address (issue 32): the server runs with its default, invalid.
      else if (!event.visitor_id && !event.ip) verdicts.set(event, 'unidentified');
      else if (!placed(event.username.toLowerCase())) verdicts.set(event, 'notPlaced');
      else {
        verdicts.set(event, null);
        keyed.push(event);
      }
    }
    for (const [event, verdict] of this.visitorVerdicts(keyed)) verdicts.set(event, verdict);
    for (const [event, verdict] of verdicts) {
      if (verdict === null) continue;
      invalid[verdict] += 1;
      this.profile(event.username)[verdict] += 1;
    }
    return { valid: fresh.filter((event) => verdicts.get(event) === null), duplicates, invalid };
  }

  /** The billing of a profile's valid click, or that it was not billed (no click left). */
  bill(username: string, cents: number | null): void {
    const clicks = this.profile(username);
    if (cents === null) clicks.unbilled += 1;
    else {
      clicks.billed += 1;
      clicks.billedCents += cents;
    }
  }

  private profile(username: string): ProfileClicks {
    const key = username.toLowerCase();
    let clicks = this.perProfile.get(key);
    if (!clicks) {
      clicks = { billed: 0, billedCents: 0, unbilled: 0, ...noInvalid() };
      this.perProfile.set(key, clicks);
    }
    return clicks;
  }

  /** The id's own time is inside the window: the server looks for it in the log (classify.ts). */
  private idInsideWindow(event: SentClick, now: number): boolean {
    const time = idTime(event.id);
    return time <= now + CLOCK_SKEW_MS && time >= now - CLICK_RULES.acceptDays * DAY;
  }

  /** Dated, by `at` or by the id's time, more than 2 minutes ahead or before the accept window. */
  private outsideWindow(event: SentClick, now: number): 'tooOld' | 'future' | null {
    const times = [Date.parse(event.at), idTime(event.id)];
    if (times.some((time) => time > now + CLOCK_SKEW_MS)) return 'future';
    if (times.some((time) => time < now - CLICK_RULES.acceptDays * DAY)) return 'tooOld';
    return null;
  }

  /**
   * The double-click and daily-cap rules (statement.ts: timed, counted, capped) over the new events on a
   * placed profile that name a visitor or an address, then the memory updated as the statement
   * writes it.
   */
  private visitorVerdicts(events: SentClick[]): Map<SentClick, InvalidReason | null> {
    const window = CLICK_RULES.doubleClickMs;
    const rows = events.flatMap((event) => {
      const visitor = event.visitor_id === undefined ? null : `v:${event.visitor_id}`;
      const address = event.ip === undefined ? null : `a:${event.ip}`;
      const base = {
        event,
        profile: event.username.toLowerCase(),
        day: dayOf(idTime(event.id)),
        at: Date.parse(event.at),
      };
      const keys: [string | null, boolean][] = [
        [visitor ?? address, true],
        [visitor ? address : null, false],
      ];
      return keys.flatMap(([key, main]): KeyedRow[] => (key ? [{ ...base, key, main }] : []));
    });
    rows.sort(byTime);
    const memory = (day: string, row: KeyedRow) =>
      this.visitors.get(`${day}|${row.profile}|${row.key}`);

    const mains = rows.filter((row) => row.main);
    // The day before is looked at only for keys with a click within the window of midnight.
    const nearMidnight = new Set(
      mains
        .filter((row) => row.at < Date.parse(`${row.day}T00:00:00Z`) + window)
        .map((row) => `${row.day}|${row.profile}|${row.key}`),
    );
    const doubled = new Set<SentClick>();
    const previous = new Map<string, number>();
    for (const row of mains) {
      const lane = `${row.profile}|${row.key}`;
      const before = previous.get(lane);
      const same = memory(row.day, row);
      const dayBeforeLast = nearMidnight.has(`${row.day}|${row.profile}|${row.key}`)
        ? memory(dayBefore(row.day), row)?.lastAt
        : undefined;
      if (
        (before !== undefined && row.at - before < window) ||
        (same !== undefined && row.at > same.lastAt - window && row.at < same.lastAt + window) ||
        (dayBeforeLast !== undefined && row.at < dayBeforeLast + window)
      ) {
        doubled.add(row.event);
      }
      previous.set(lane, row.at);
    }

    const capped = new Set<SentClick>();
    const counted = new Map<string, number>();
    for (const row of rows) {
      if (doubled.has(row.event)) continue;
      const slot = `${row.day}|${row.profile}|${row.key}`;
      const n = (counted.get(slot) ?? 0) + 1;
      counted.set(slot, n);
      if ((memory(row.day, row)?.clicks ?? 0) + n > CLICK_RULES.dailyCap) capped.add(row.event);
    }

    for (const row of rows) {
      const slot = `${row.day}|${row.profile}|${row.key}`;
      const state = this.visitors.get(slot) ?? { clicks: 0, lastAt: -Infinity };
      if (!doubled.has(row.event)) state.clicks += 1;
      // The latest click is remembered from main rows only (statement.ts: state_rows).
      if (row.main) state.lastAt = Math.max(state.lastAt, row.at);
      this.visitors.set(slot, state);
    }
    return new Map(
      events.map((event) => [
        event,
        doubled.has(event) ? 'doubleClick' : capped.has(event) ? 'dailyCap' : null,
      ]),
    );
  }
}
