import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { pauseCampaign, removeCampaign } from '@/server/domain/campaigns/campaigns';
import { accountStats, campaignsInRange } from '@/server/domain/campaigns/stats';
import { recordClicks } from '@/server/domain/clicks';
import type { ClickEvent } from '@/server/domain/clicks/types';
import { OperatorError } from '@/server/operator/actions';
import { noInvalidClicks } from '@/shared/invalid-clicks';
import { refundClicks } from '@/server/operator/refund-clicks';
import { clickId, TEST_CLICK_RULES } from '../../helpers/click-ids';
import { balanceCentsOf, notificationsOf } from '../../helpers/deposits';
import { campaign as newCampaign, profile } from '../../helpers/factories';
import { useTestDatabase } from '../../helpers/fixtures';
import { databaseKinds } from '../../helpers/server';
import { moneyInvariantViolations } from '../../reliability/support/invariants';
import { advertiser, ledgerOf } from './support';

/**
 * Issue 20, point 5: clicks found invalid after they were billed are credited back to the
 * advertiser's balance, each at most once ever, at the rate its campaign billed it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Ten minutes into the UTC day of two hours ago: inside the accept window, in the past. */
const BASE = Math.floor((Date.now() - 2 * HOUR) / DAY) * DAY + 10 * MINUTE;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const REASON = 'Click farm reported by the partner (ticket 88)';

describe.each(databaseKinds())('refund-clicks on %s', (kind) => {
  const t = useTestDatabase(kind);
  let db: Db;
  let ava: { id: number; email: string };
  let ben: { id: number; email: string };
  let avaCampaign: number;
  let benCampaign: number;
  const avaProfile = `ava_model_${kind}`;
  const benProfile = `ben_model_${kind}`;

  /** A click `name` on a profile, `minutes` after BASE, by its own visitor. */
  const click = (
    name: string,
    username: string,
    minutes: number,
    userAgent?: string,
  ): ClickEvent => ({
    id: id(name),
    username,
    at: new Date(BASE + minutes * MINUTE),
    visitorId: `visitor-${name}`,
    userAgent,
  });
  const id = (name: string) => clickId(`refund-${kind}-${name}`, BASE);

  /** An advertiser's $100 campaign at $0.80 a click (125 clicks), started two days ago. */
  async function campaignOf(userId: number, username: string): Promise<number> {
    const { id } = await newCampaign(db, userId, { username: await profile(db, username) });
    await db.query("UPDATE campaigns SET start_date = now() - interval '2 days' WHERE id = $1", [
      id,
    ]);
    return Number(id);
  }

  const figures = async (campaign: number) =>
    (
      await db.query(
        'SELECT clicks_count, billed_cents, amount_remaining_cents FROM campaigns WHERE id = $1',
        [campaign],
      )
    )[0];

  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(OperatorError);
    return (error as OperatorError).message;
  };

  beforeAll(async () => {
    db = t.db;
    ava = await advertiser(db, 'ava', 10_000);
    ben = await advertiser(db, 'ben', 10_000);
    avaCampaign = await campaignOf(ava.id, avaProfile);
    benCampaign = await campaignOf(ben.id, benProfile);
    const answer = await recordClicks(
      db,
      [
        click('c1', avaProfile, 0),
        click('c2', avaProfile, 1),
        click('c3', avaProfile, 2),
        click('d1', avaProfile, 3),
        click('d2', avaProfile, 4),
        click('bot', avaProfile, 5, BOT),
        click('o1', benProfile, 6),
      ],
      TEST_CLICK_RULES,
    );
    expect(answer).toMatchObject({ received: 7, billed: 6, invalid: 1 });
  });
  afterAll(async () => {
    expect(await moneyInvariantViolations(db)).toEqual([]);
  });

  it('refunds the billed clicks given, at the campaign rate, and reports the rest', async () => {
    const unknown = clickId(`refund-${kind}-never-sent`, BASE);
    const result = await refundClicks(db, {
      campaignId: avaCampaign,
      eventIds: [
        id('c1'),
        id('c2').toUpperCase(),
        id('bot'),
        id('o1'),
        unknown,
        'not-an-id',
        id('c1'),
      ],
      reason: REASON,
    });
    const actionId = result.actionId;
    expect(result).toEqual({
      actionId,
      userId: ava.id,
      refunded: [id('c1'), id('c2')],
      refundedCents: 160,
      alreadyRefunded: [],
      notFound: [unknown],
      notBilledHere: [id('bot'), id('o1')],
      notClickIds: ['not-an-id'],
      summary:
        `Refunded 2 clicks of campaign ${avaCampaign} (${avaProfile}) to ${ava.email}: $1.60; ` +
        `1 not found, 2 not billed to campaign ${avaCampaign}, 1 not a click id (action ${actionId}).`,
    });
    expect(await balanceCentsOf(db, ava.id)).toBe(160);
    expect((await ledgerOf(db, ava.id)).at(-1)).toEqual({
      amount_cents: 160,
      kind: 'click-refund',
      reference: `operator:${actionId}`,
      note: REASON,
    });
    expect((await notificationsOf(db, ava.id)).at(-1)).toBe(
      `$1.60 for 2 clicks on your campaign for ${avaProfile} that we found invalid was credited back to your balance: ${REASON}.`,
    );
    // The campaign's own figures stay as billed: the money goes to the balance, not the campaign.
    expect(await figures(avaCampaign)).toEqual({
      clicks_count: 5,
      billed_cents: 400,
      amount_remaining_cents: 9_600,
    });
  });

  it('refunds a click once, ever: a second run refunds only what was not refunded before', async () => {
    const notices = (await notificationsOf(db, ava.id)).length;
    const second = await refundClicks(db, {
      campaignId: avaCampaign,
      eventIds: [id('c1'), id('c2'), id('c3')],
      reason: 'Same click farm, one more id',
    });
    expect(second).toMatchObject({
      refunded: [id('c3')],
      refundedCents: 80,
      alreadyRefunded: [id('c1'), id('c2')],
      summary: `Refunded 1 click of campaign ${avaCampaign} (${avaProfile}) to ${ava.email}: $0.80; 2 already refunded (action ${second.actionId}).`,
    });
    const third = await refundClicks(db, {
      campaignId: avaCampaign,
      eventIds: [id('c1'), id('c3')],
      reason: 'Run again by mistake',
    });
    expect(third).toMatchObject({
      refunded: [],
      refundedCents: 0,
      alreadyRefunded: [id('c1'), id('c3')],
      summary: `Refunded 0 clicks of campaign ${avaCampaign} (${avaProfile}) to ${ava.email}: $0.00; 2 already refunded (action ${third.actionId}).`,
    });
    expect(await balanceCentsOf(db, ava.id)).toBe(240);
    expect(
      (await ledgerOf(db, ava.id))
        .filter((row) => row.kind === 'click-refund')
        .map((row) => row.amount_cents),
    ).toEqual([160, 80]);
    expect(await notificationsOf(db, ava.id)).toHaveLength(notices + 1);
  });

  it('refunds a click once when two runs take it at the same moment', async () => {
    const run = () =>
      refundClicks(db, { campaignId: avaCampaign, eventIds: [id('d1'), id('d2')], reason: REASON });
    const [one, two] = await Promise.all([run(), run()]);
    expect([one.refunded.length, two.refunded.length].sort()).toEqual([0, 2]);
    expect([one.alreadyRefunded.length, two.alreadyRefunded.length].sort()).toEqual([0, 2]);
    expect(await balanceCentsOf(db, ava.id)).toBe(400);
  });

  it("refunds a deleted campaign's clicks at the rate its history kept", async () => {
    await pauseCampaign(db, ben.id, benProfile);
    await removeCampaign(db, ben.id, benProfile);
    expect(await balanceCentsOf(db, ben.id)).toBe(9_920);
    const result = await refundClicks(db, {
      campaignId: benCampaign,
      eventIds: [id('o1')],
      reason: 'Bot traffic',
    });
    expect(result).toMatchObject({ refunded: [id('o1')], refundedCents: 80 });
    expect(await balanceCentsOf(db, ben.id)).toBe(10_000);
  });

  it("sets each credit beside the spend it gave back, in its click's hour and period, with its reason", async () => {
    // Issue 35 point 4: the finding was a credit that changed the balance and no report.
    const day = new Date(BASE).toISOString().slice(0, 10);
    const range = { range: 'custom', from: day, to: day, time_zone: 'UTC' } as const;
    const stats = await accountStats(db.read, ava.id, range);
    // Ava's five billed clicks ($0.80 each), all credited back by three runs; the bot never billed.
    const credited = { credits: 4, credited_clicks: 5, net_spend: 0 };
    expect(stats.totals).toEqual({
      spend: 4,
      clicks: 5,
      avg_cpc: 0.8,
      invalid: 1,
      ...credited,
      active_campaigns: 1,
    });
    const hour = new Date(Math.floor(BASE / HOUR) * HOUR).toISOString();
    expect(stats.hours.filter((figures) => figures.clicks > 0)).toEqual([
      {
        at: hour,
        clicks: 5,
        spend: 4,
        credits: 4,
        credited_clicks: 5,
        invalid: { ...noInvalidClicks(), bot: 1 },
      },
    ]);
    expect(stats.days).toEqual([
      {
        date: day,
        clicks: 5,
        spend: 4,
        credits: 4,
        credited_clicks: 5,
        invalid: stats.hours.find((h) => h.at === hour)!.invalid,
      },
    ]);
    expect(stats.credit_notes.map(({ at: _at, ...note }) => note)).toEqual([
      { profile: avaProfile, clicks: 2, amount: 1.6, reason: REASON },
      { profile: avaProfile, clicks: 1, amount: 0.8, reason: 'Same click farm, one more id' },
      { profile: avaProfile, clicks: 2, amount: 1.6, reason: REASON },
    ]);
    expect((await campaignsInRange(db.read, ava.id, range)).campaigns).toEqual([
      {
        id: avaCampaign,
        spend: 4,
        clicks: 5,
        avg_cpc: 0.8,
        invalid: 1,
        ...credited,
        // Each reason once, alphabetically.
        credit_reasons: [REASON, 'Same click farm, one more id'],
      },
    ]);
    // Ben's campaign was deleted before its click was credited: its history entry shows the credit.
    const [entry] = await db.query<{ id: number }>(
      'SELECT id FROM campaign_history WHERE campaign_id = $1',
      [benCampaign],
    );
    expect((await campaignsInRange(db.read, ben.id, range)).history).toEqual([
      {
        id: Number(entry!.id),
        spend: 0.8,
        clicks: 1,
        avg_cpc: 0.8,
        invalid: 0,
        credits: 0.8,
        credited_clicks: 1,
        net_spend: 0,
        credit_reasons: ['Bot traffic'],
      },
    ]);
    const bens = await accountStats(db.read, ben.id, range);
    expect(bens.credit_notes.map(({ at: _at, ...note }) => note)).toEqual([
      { profile: benProfile, clicks: 1, amount: 0.8, reason: 'Bot traffic' },
    ]);
    // Not the day before.
    const before = new Date(BASE - DAY).toISOString().slice(0, 10);
    expect(
      (await accountStats(db.read, ava.id, { ...range, from: before, to: before })).totals,
    ).toMatchObject({ credits: 0, credited_clicks: 0, net_spend: 0 });
  });

  it('refuses an unknown campaign and a list too long, changing nothing', async () => {
    expect(
      await refusal(refundClicks(db, { campaignId: 999_999, eventIds: [id('c1')], reason: 'x' })),
    ).toBe('No campaign 999999. Nothing was changed.');
    expect(
      await refusal(
        refundClicks(db, {
          campaignId: avaCampaign,
          eventIds: Array.from({ length: 10_001 }, () => id('c1')),
          reason: 'x',
        }),
      ),
    ).toBe('At most 10000 click ids at once (got 10001): split the list. Nothing was changed.');
    expect(await balanceCentsOf(db, ava.id)).toBe(400);
  });
});
