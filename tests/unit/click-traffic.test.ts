import { isbot } from 'isbot';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  BOT_USER_AGENTS,
  BROWSER_USER_AGENTS,
  clickEvents,
  REALISTIC_TRAFFIC,
  seededRandom,
} from '@/dev/click-traffic';
import { ClickBatchBody } from '@/shared/contract/partner';

const AT = new Date('2025-06-01T12:00:00.000Z');
const SEED = 18;

/** The time a UUIDv7 carries: its first 48 bits, milliseconds since 1970 (RFC 9562 §5.7). */
function idTime(id: string): number {
  return parseInt(id.replaceAll('-', '').slice(0, 12), 16);
}

type Event = ReturnType<typeof clickEvents>[number];

/** The events whose visitor clicked earlier in the batch, each with that earlier click. */
function doubleClicks(events: Event[]): { first: Event; again: Event }[] {
  const firstBy = new Map<string | undefined, Event>();
  const found: { first: Event; again: Event }[] = [];
  for (const event of events) {
    const first = firstBy.get(event.visitor_id);
    if (first) found.push({ first, again: event });
    else firstBy.set(event.visitor_id, event);
  }
  return found;
}

const realistic = (count: number, seed = SEED) =>
  clickEvents('fit_ann', count, { at: AT, mix: REALISTIC_TRAFFIC, random: seededRandom(seed) });

describe('the partner simulator click generator', () => {
  it('uses user agents the server tells apart with isbot', () => {
    for (const userAgent of BOT_USER_AGENTS) expect(isbot(userAgent), userAgent).toBe(true);
    for (const userAgent of BROWSER_USER_AGENTS) expect(isbot(userAgent), userAgent).toBe(false);
  });

  it('sends 1000 clicks with a seed: 50 from bots, 46 double clicks, the rest valid', () => {
    const events = realistic(1000);
    const bots = events.filter((event) => isbot(event.user_agent));
    const doubles = doubleClicks(events);

    expect(events).toHaveLength(1000);
    expect(bots).toHaveLength(50);
    expect(doubles).toHaveLength(46);
    expect(bots.length / 1000).toBeGreaterThanOrEqual(0.03);
    expect(bots.length / 1000).toBeLessThanOrEqual(0.08);
    expect(doubles.length / 1000).toBeGreaterThanOrEqual(0.03);
    expect(doubles.length / 1000).toBeLessThanOrEqual(0.08);
    expect(new Set(events.map((event) => event.id)).size).toBe(1000);
    expect(v.parse(ClickBatchBody, { events })).toEqual({ events });
  });

  it('dates every id by its click: the UUIDv7 time is `at`', () => {
    for (const event of realistic(1000)) {
      expect(event.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(idTime(event.id)).toBe(Date.parse(event.at));
    }
  });

  it('repeats a person’s click 1 to 2 s later, same visitor, profile, browser and address', () => {
    const doubles = doubleClicks(realistic(1000));
    for (const { first, again } of doubles) {
      const gapMs = Date.parse(again.at) - Date.parse(first.at);
      expect(gapMs).toBeGreaterThanOrEqual(1000);
      expect(gapMs).toBeLessThanOrEqual(2000);
      expect(again).toMatchObject({
        username: first.username,
        visitor_id: first.visitor_id,
        user_agent: first.user_agent,
        ip: first.ip,
      });
      expect(isbot(again.user_agent)).toBe(false);
      expect(again.at).toBe(AT.toISOString());
    }
  });

  it('gives every click a visitor with its own browser and address, none after `at`', () => {
    const events = realistic(1000);
    for (const event of events) {
      expect(event.visitor_id).toMatch(/^sim-visitor-\d+$/);
      expect([...BROWSER_USER_AGENTS, ...BOT_USER_AGENTS]).toContain(event.user_agent);
      expect(event.ip).toMatch(/^(10\.\d{1,3}\.\d{1,3}\.\d{1,3}|2001:db8::[0-9a-f]+)$/);
      expect(Date.parse(event.at)).toBeLessThanOrEqual(AT.getTime());
    }
    const visitors = new Set(events.map((event) => event.visitor_id));
    expect(visitors.size).toBe(1000 - doubleClicks(events).length);
    expect(new Set(events.map((event) => event.ip)).size).toBe(visitors.size);
  });

  it('repeats the same mix for the same seed, with new ids', () => {
    const withoutIds = (events: Event[]) => events.map(({ id: _id, ...rest }) => rest);
    const first = realistic(200);
    const again = realistic(200);
    expect(withoutIds(again)).toEqual(withoutIds(first));
    expect(again.map((event) => event.id)).not.toEqual(first.map((event) => event.id));
    expect(withoutIds(realistic(200, SEED + 1))).not.toEqual(withoutIds(first));
  });

  it('sends only valid clicks by default: people, each once, all at `at`', () => {
    const events = clickEvents('gamer_bo', 300, { at: AT, random: seededRandom(SEED) });
    expect(events.filter((event) => isbot(event.user_agent))).toEqual([]);
    expect(doubleClicks(events)).toEqual([]);
    expect(new Set(events.map((event) => event.at))).toEqual(new Set([AT.toISOString()]));
  });

  it('refuses more clicks than a batch holds', () => {
    expect(() => clickEvents('fit_ann', 1001)).toThrow('A batch holds at most 1000 clicks');
  });
});
