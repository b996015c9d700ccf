import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { prepareEvents, uuidv7Time } from '@/server/domain/clicks/classify';
import { ClickBatchBody } from '@/shared/contract/partner';
import { TEST_CLICK_RULES } from '../../helpers/click-ids';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const event = (at: number, extra: Record<string, string> = {}, idAt = at) => ({
  id: uuidv7({ msecs: idAt }),
  username: 'someone',
  at: new Date(at),
  ...extra,
});

describe('click classification before the statement (issue 18)', () => {
  it("reads a UUIDv7's time and keeps the click under the id's UTC day", () => {
    const id = uuidv7({ msecs: Date.parse('2026-11-25T23:59:59.999Z') });
    expect(uuidv7Time(id)).toBe(Date.parse('2026-11-25T23:59:59.999Z'));
    const [prepared] = prepareEvents(
      [{ id, username: 'x', at: new Date(NOW) }],
      TEST_CLICK_RULES,
      NOW,
    );
    expect(prepared!.day).toBe('2026-11-25');
  });

  it('judges time and user agent: future past 2 minutes, too old past 7 days, bots', () => {
    const visitor = { visitorId: 'visitor-1' };
    const verdicts = prepareEvents(
      [
        event(NOW + 2 * 60_000, visitor),
        event(NOW + 2 * 60_000 + 1, visitor),
        event(NOW, visitor, NOW + 3 * 60_000),
        event(NOW - 7 * 86_400_000, visitor),
        event(NOW - 7 * 86_400_000 - 1, visitor),
        event(NOW, visitor, NOW - 8 * 86_400_000),
        event(NOW - 8 * 86_400_000, visitor, NOW),
        event(NOW, {
          ...visitor,
          userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
        }),
        event(NOW, { ...visitor, userAgent: 'python-requests/2.32.3' }),
        event(NOW, {
          ...visitor,
          userAgent:
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        }),
        event(NOW, { ...visitor, userAgent: '' }),
      ],
      TEST_CLICK_RULES,
      NOW,
    ).map((prepared) => [prepared.verdict, prepared.day]);
    expect(verdicts).toEqual([
      [null, '2026-11-26'],
      ['future', null],
      ['future', null],
      [null, '2026-11-19'],
      ['tooOld', null],
      ['tooOld', null],
      // Too old by its time, but its id is inside the window: still looked for in the log.
      ['tooOld', '2026-11-26'],
      ['bot', '2026-11-26'],
      ['bot', '2026-11-26'],
      [null, '2026-11-26'],
      [null, '2026-11-26'],
    ]);
  });

  it('judges a click with neither a visitor id nor an address unidentified, whatever its user agent, unless allowed (issue 32)', () => {
    const browser =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const events = [
      event(NOW),
      event(NOW, { userAgent: browser }),
      event(NOW, { userAgent: '' }),
      event(NOW, { visitorId: '', ip: '  ', userAgent: browser }),
      event(NOW, { visitorId: 'visitor-1' }),
      event(NOW, { ip: '203.0.113.9' }),
      event(NOW, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
      event(NOW - 8 * 86_400_000),
    ];
    const verdicts = (allowUnidentified: boolean) =>
      prepareEvents(events, { ...TEST_CLICK_RULES, allowUnidentified }, NOW).map(
        (prepared) => prepared.verdict,
      );
    expect(TEST_CLICK_RULES.allowUnidentified).toBe(false);
    expect(verdicts(false)).toEqual([
      'unidentified',
      'unidentified',
      'unidentified',
      'unidentified',
      null,
      null,
      'bot',
      'tooOld',
    ]);
    expect(verdicts(true)).toEqual([null, null, null, null, null, null, 'bot', 'tooOld']);
    // A blank visitor id or address names nobody: no key is made of it.
    const [, , , blank] = prepareEvents(events, TEST_CLICK_RULES, NOW);
    expect([blank!.visitorKey, blank!.addressKey]).toEqual([null, null]);
  });

  it('keeps visitors and addresses only as keyed hashes; the address is the visitor when there is none', () => {
    const [both, addressOnly, none] = prepareEvents(
      [
        event(NOW, { visitorId: 'visitor-1', ip: '203.0.113.9' }),
        event(NOW, { ip: '203.0.113.9' }),
        event(NOW),
      ],
      TEST_CLICK_RULES,
      NOW,
    );
    // 64-bit integers, in decimal.
    expect(both!.visitorKey).toMatch(/^-?\d{1,19}$/);
    expect(both!.addressKey).toMatch(/^-?\d{1,19}$/);
    expect(both!.visitorKey).not.toBe(both!.addressKey);
    expect(addressOnly!.visitorKey).toBe(both!.addressKey);
    expect(addressOnly!.addressKey).toBeNull();
    expect([none!.visitorKey, none!.addressKey]).toEqual([null, null]);
    expect(JSON.stringify([both, addressOnly])).not.toContain('203.0.113.9');
    const [otherKey] = prepareEvents(
      [event(NOW, { ip: '203.0.113.9' })],
      { ...TEST_CLICK_RULES, visitorHashKey: 'another key' },
      NOW,
    );
    expect(otherKey!.visitorKey).not.toBe(addressOnly!.visitorKey);
    // A key is of one profile: the same address on another profile counts apart.
    const [otherProfile] = prepareEvents(
      [{ ...event(NOW, { ip: '203.0.113.9' }), username: 'SomeoneElse' }],
      TEST_CLICK_RULES,
      NOW,
    );
    expect(otherProfile!.visitorKey).not.toBe(addressOnly!.visitorKey);
    const [sameProfileOtherCase] = prepareEvents(
      [{ ...event(NOW, { ip: '203.0.113.9' }), username: 'SOMEONE' }],
      TEST_CLICK_RULES,
      NOW,
    );
    expect(sameProfileOtherCase!.visitorKey).toBe(addressOnly!.visitorKey);
  });

  it('reads the click settings, and refuses a retention no longer than the accept window', () => {
    expect(loadConfig({}).clicks).toEqual({
      doubleClickSeconds: 60,
      dailyCap: 10,
      acceptDays: 7,
      retentionDays: 10,
      allowUnidentified: false,
    });
    expect(
      loadConfig({
        CLICK_DAILY_CAP: '3',
        CLICK_DOUBLE_CLICK_SECONDS: '30',
        CLICK_ACCEPT_DAYS: '2',
        CLICK_ALLOW_UNIDENTIFIED: 'on',
      }).clicks,
    ).toEqual({
      doubleClickSeconds: 30,
      dailyCap: 3,
      acceptDays: 2,
      retentionDays: 5,
      allowUnidentified: true,
    });
    expect(() => loadConfig({ CLICK_ALLOW_UNIDENTIFIED: 'yes' })).toThrow(
      'CLICK_ALLOW_UNIDENTIFIED must be on or off',
    );
    expect(() => loadConfig({ CLICK_ACCEPT_DAYS: '7', CLICK_LOG_RETENTION_DAYS: '7' })).toThrow(
      'CLICK_LOG_RETENTION_DAYS (7) must be more than CLICK_ACCEPT_DAYS (7): an id re-sent inside the accept window must still find its day in the click log.',
    );
    expect(() => loadConfig({ CLICK_DAILY_CAP: '0' })).toThrow(
      'CLICK_DAILY_CAP must be a whole number above 0',
    );
  });

  it('refuses a click time that ISO 8601 allows but a Date cannot read, rather than failing the batch', () => {
    const batch = (at: string) => ({
      events: [{ id: uuidv7({ msecs: NOW }), username: 'someone', at }],
    });
    const refused = v.safeParse(ClickBatchBody, batch('2026-01-01T00:00:00+05'));
    expect(refused.issues?.map((issue) => issue.message)).toEqual([
      'Each click time must be an ISO 8601 timestamp',
    ]);
    expect(v.safeParse(ClickBatchBody, batch('2026-01-01T00:00:00+05:00')).success).toBe(true);
  });
});
