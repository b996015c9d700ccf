import { describe, expect, it } from 'vitest';
import {
  getAccountTimeZone,
  setAccountTimeZone,
  TIME_ZONE_HEADER,
} from '@/shared/contract/account-time-zone';
import { login } from '@/shared/contract/login';
import { answerOf, databaseKinds, newRegistration, registerUser } from '../../helpers/server';
import { useTestApp } from '../../helpers/fixtures';
import { register } from '@/shared/contract/auth';

/**
 * Issue 36 point 1: the advertiser's time zone, on the account. UTC until set; the browser's at the
 * first sign-in after the change (the header every write of the app carries); then changed only on
 * /account, from the next midnight of the zone in force. The app's clock is the test's: midnight
 * comes without waiting.
 */

let now = Date.parse('2026-12-07T15:00:00Z');
const clock = () => now;

const NOT_AUTHENTICATED = { success: false, message: 'Not authenticated' };

describe.each(databaseKinds())('the account time zone on %s', (kind) => {
  const t = useTestApp(kind, {}, { clock });

  it('is UTC until set, and a sign-in without the header leaves it unset', async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const { client } = await registerUser(t.server);
    expect(answerOf(await client.call(getAccountTimeZone))).toEqual({
      success: true,
      message: 'Time zone fetched successfully',
      data: { time_zone: 'UTC', chosen: false, next: null },
    });
  });

  it("takes the browser's zone at the first sign-in, at once, and never again from a sign-in", async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const registration = newRegistration();
    const first = t.server.client();
    answerOf(
      await first.call(register, registration, {
        headers: { [TIME_ZONE_HEADER]: 'Asia/Kolkata' },
      }),
      201,
    );
    expect(answerOf(await first.call(getAccountTimeZone)).data).toEqual({
      time_zone: 'Asia/Kolkata',
      chosen: true,
      next: null,
    });

    // Another browser, in another zone, signs in: the account keeps its zone.
    const second = t.server.client();
    answerOf(
      await second.call(
        login,
        { email: registration.email, password: registration.password },
        { headers: { [TIME_ZONE_HEADER]: 'America/New_York' } },
      ),
    );
    expect(answerOf(await second.call(getAccountTimeZone)).data.time_zone).toBe('Asia/Kolkata');
  });

  it('leaves an unknown browser zone alone, and a later sign-in sets it', async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const registration = newRegistration();
    const client = t.server.client();
    answerOf(
      await client.call(register, registration, {
        headers: { [TIME_ZONE_HEADER]: 'Mars/Olympus' },
      }),
      201,
    );
    expect(answerOf(await client.call(getAccountTimeZone)).data).toEqual({
      time_zone: 'UTC',
      chosen: false,
      next: null,
    });
    answerOf(
      await client.call(
        login,
        { email: registration.email, password: registration.password },
        { headers: { [TIME_ZONE_HEADER]: 'Europe/Berlin' } },
      ),
    );
    expect(answerOf(await client.call(getAccountTimeZone)).data.time_zone).toBe('Europe/Berlin');
  });

  it('changes on /account from the next midnight of the zone in force (a 30-minute offset)', async () => {
    // 18:00 UTC is 23:30 in Kolkata (+05:30): its next midnight is 18:30 UTC.
    now = Date.parse('2026-12-07T18:00:00Z');
    const registration = newRegistration();
    const client = t.server.client();
    answerOf(
      await client.call(register, registration, {
        headers: { [TIME_ZONE_HEADER]: 'Asia/Kolkata' },
      }),
      201,
    );

    expect(answerOf(await client.call(setAccountTimeZone, { time_zone: 'Europe/Berlin' }))).toEqual(
      {
        success: true,
        message: 'Your days follow Europe/Berlin from the next midnight in Asia/Kolkata.',
        data: {
          time_zone: 'Asia/Kolkata',
          chosen: true,
          next: { time_zone: 'Europe/Berlin', from: '2026-12-07T18:30:00.000Z' },
        },
      },
    );

    now = Date.parse('2026-12-07T18:29:59.999Z');
    expect(answerOf(await client.call(getAccountTimeZone)).data.time_zone).toBe('Asia/Kolkata');
    now = Date.parse('2026-12-07T18:30:00Z');
    expect(answerOf(await client.call(getAccountTimeZone)).data).toEqual({
      time_zone: 'Europe/Berlin',
      chosen: true,
      next: null,
    });
  });

  it('replaces a change still waiting, and choosing the zone in force cancels it', async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const { client, registration } = await registerUser(t.server);
    // On UTC by default: the next midnight is UTC's.
    answerOf(await client.call(setAccountTimeZone, { time_zone: 'Europe/Berlin' }));
    expect(
      answerOf(await client.call(setAccountTimeZone, { time_zone: 'America/St_Johns' })),
    ).toEqual({
      success: true,
      message: 'Your days follow America/St_Johns from the next midnight in UTC.',
      data: {
        time_zone: 'UTC',
        chosen: true,
        next: { time_zone: 'America/St_Johns', from: '2026-12-08T00:00:00.000Z' },
      },
    });
    expect(answerOf(await client.call(setAccountTimeZone, { time_zone: 'UTC' }))).toEqual({
      success: true,
      message: 'Your days keep following UTC; the change is cancelled.',
      data: { time_zone: 'UTC', chosen: true, next: null },
    });
    expect(answerOf(await client.call(setAccountTimeZone, { time_zone: 'UTC' }))).toEqual({
      success: true,
      message: 'Your days already follow UTC.',
      data: { time_zone: 'UTC', chosen: true, next: null },
    });

    // Chosen on /account: a sign-in's browser zone no longer changes it.
    answerOf(
      await client.call(
        login,
        { email: registration.email, password: registration.password },
        { headers: { [TIME_ZONE_HEADER]: 'Asia/Tokyo' } },
      ),
    );
    expect(answerOf(await client.call(getAccountTimeZone)).data.time_zone).toBe('UTC');
  });

  it('counts the midnight of a zone that changes its clocks (New York, Mar 8, 2026)', async () => {
    // 2026-03-08 12:00 EDT = 16:00 UTC; the next midnight is 2026-03-09 00:00 EDT = 04:00 UTC.
    now = Date.parse('2026-03-08T16:00:00Z');
    const client = t.server.client();
    answerOf(
      await client.call(register, newRegistration(), {
        headers: { [TIME_ZONE_HEADER]: 'America/New_York' },
      }),
      201,
    );
    expect(
      answerOf(await client.call(setAccountTimeZone, { time_zone: 'Asia/Tokyo' })).data.next,
    ).toEqual({ time_zone: 'Asia/Tokyo', from: '2026-03-09T04:00:00.000Z' });
  });

  it('refuses an unknown zone and a caller without a session, and changes nothing', async () => {
    now = Date.parse('2026-12-07T15:00:00Z');
    const { client } = await registerUser(t.server);
    expect(
      answerOf(await client.call(setAccountTimeZone, { time_zone: 'Mars/Olympus' }), 400),
    ).toEqual({ success: false, message: 'Unknown time zone' });
    // An abbreviation: PostgreSQL would read IST as +02:00, the browser as +05:30.
    expect(answerOf(await client.call(setAccountTimeZone, { time_zone: 'IST' }), 400)).toEqual({
      success: false,
      message: 'Unknown time zone',
    });
    expect(answerOf(await client.call(getAccountTimeZone)).data).toEqual({
      time_zone: 'UTC',
      chosen: false,
      next: null,
    });
    const stranger = t.server.client();
    expect(answerOf(await stranger.call(getAccountTimeZone), 401)).toEqual(NOT_AUTHENTICATED);
    expect(answerOf(await stranger.call(setAccountTimeZone, { time_zone: 'UTC' }), 401)).toEqual(
      NOT_AUTHENTICATED,
    );
  });
});
