import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordClicks } from '@/server/domain/clicks';
import { amountEffect, pauseDoneMessage, pauseRefundEstimate } from '@/entities/campaign/previews';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import {
  type AdPackage,
  allAdPackages,
  expireAdPackage,
  newCampaign,
  topUpMoneyDeposited,
} from '@/shared/contract/campaigns';
import { getUserDetails } from '@/shared/contract/user-details';
import { TEST_CLICK_RULES } from '../../helpers/click-ids';
import { advertiser, grant, profile as newProfile } from '../../helpers/factories';
import { useTestApp } from '../../helpers/fixtures';
import { answerOf, databaseKinds, registerUser, type TestClient } from '../../helpers/server';

/**
 * Issue 31 point 4: what the top-up and Reactivate -> Same Package dialogs preview (clicks added,
 * new balance, or the refusal) is what the server then does, for campaigns in every state: fresh,
 * partly clicked, topped up, paused with clicks refunded. Found: "+36" for $100 at $0.60 (it buys
 * 166) and "+-9,828" on a campaign paused with 9,994 refunded clicks.
 */

interface State {
  packageIndex: number;
  /** The first deposit, as a share of what the package allows (at least $100). */
  depositShare: number;
  /** Clicks billed, as a share of the clicks bought. */
  clickedShare: number;
  /** Top-ups already made while active, as shares of what is still allowed. */
  topUps: number[];
  paused: boolean;
  /** The amount typed, in cents: small, anywhere up to past the cap, or past the balance. */
  amountCents: number;
  /** The balance left after the set-up, in cents. */
  spareCents: number;
}

const state: fc.Arbitrary<State> = fc.record({
  packageIndex: fc.nat(3),
  depositShare: fc.double({ min: 0, max: 1, noNaN: true }),
  clickedShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
  topUps: fc.array(fc.double({ min: 0, max: 0.5, noNaN: true }), { maxLength: 2 }),
  paused: fc.boolean(),
  amountCents: fc.oneof(
    fc.integer({ min: 1, max: 200 }),
    fc.integer({ min: 1, max: 1_000_000 }),
    fc.integer({ min: 10_000, max: 20_000 }),
  ),
  spareCents: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.constant(5_000_000)),
});

describe.each(databaseKinds())('top-up and reactivation previews on %s', (kind) => {
  const t = useTestApp(kind);
  let packages: AdPackage[];

  beforeAll(async () => {
    const { client } = await registerUser(t.server);
    packages = answerOf(await client.call(allAdPackages)).data;
  });

  async function read(client: TestClient, profile: string) {
    const list = await client.call(boughtAdsByClient);
    const me = await client.call(getUserDetails);
    return {
      campaign: answerOf(list).data.find((c) => c.Profile.username === profile)!,
      balance: answerOf(me).data.crypto_balance,
    };
  }

  /** A campaign in the state drawn, through the API and real billed clicks. */
  async function arrange(s: State) {
    const pkg = packages[s.packageIndex]!;
    const rateCents = Math.round(pkg.click_rate * 100);
    const capCents = (pkg.max_slots + 1) * rateCents - 1;
    const depositCents = 10_000 + Math.floor(s.depositShare * (capCents - 10_000));
    const profile = await newProfile(t.db);
    const { client, id: userId } = await advertiser(t.server, { balanceCents: depositCents });
    const body = {
      username: profile,
      package_id: pkg.id,
      amount_deposit: depositCents / 100,
      ...(pkg.id === 3 ? { category_name: 'Gaming' } : {}),
    };
    expect((await client.call(newCampaign, body)).status).toBe(201);
    const bought = Math.floor(depositCents / rateCents);
    // Leave at least one click, so the campaign is not ended by running out.
    const clicked = Math.min(Math.floor(s.clickedShare * bought), bought - 1, 300);
    if (clicked > 0) {
      const events = Array.from({ length: clicked }, () => {
        const id = uuidv7();
        return { id, username: profile, at: new Date(), visitorId: `visitor-${id}` };
      });
      await recordClicks(t.db, events, TEST_CLICK_RULES);
    }
    for (const share of s.topUps) {
      const { campaign } = await read(client, profile);
      const roomCents = capCents - Math.round(campaign.amount_remaining * 100);
      const cents = Math.floor(share * roomCents);
      if (cents < 1) continue;
      await grant(t.db, userId, cents);
      const answer = await client.call(topUpMoneyDeposited, {
        username: profile,
        amount: cents / 100,
      });
      expect(answer.status).toBe(200);
    }
    if (s.paused) {
      expect((await client.call(expireAdPackage, { username: profile })).status).toBe(200);
    }
    await grant(t.db, userId, s.spareCents);
    return { client, profile, pkg };
  }

  it('previews exactly what the server does with the amount', async () => {
    await fc.assert(
      fc.asyncProperty(state, async (s) => {
        const { client, profile, pkg } = await arrange(s);
        const before = await read(client, profile);
        const raw = (s.amountCents / 100).toFixed(2);
        const effect = amountEffect(raw, before.balance, before.campaign, pkg.max_slots)!;
        const answer = await client.call(topUpMoneyDeposited, {
          username: profile,
          amount: Number(raw),
          expected_status: before.campaign.status,
        });
        const after = await read(client, profile);
        if (effect.problem !== null) {
          expect({ status: answer.status, message: answer.body.message }).toEqual({
            status: 400,
            message: effect.problem,
          });
          expect(after.balance).toBe(before.balance);
          return;
        }
        expect(answer.status).toBe(200);
        const shownBefore = before.campaign.status ? before.campaign.remaining_clicks : 0;
        expect({
          clicksAdded: after.campaign.remaining_clicks - shownBefore,
          balanceCents: Math.round(after.balance * 100),
          active: after.campaign.status,
        }).toEqual({
          clicksAdded: effect.clicksAdded,
          balanceCents: effect.balanceAfterCents,
          active: true,
        });
      }),
      { numRuns: kind === 'pglite' ? 30 : 20, seed: Number(process.env.PREVIEW_SEED) || undefined },
    );
    // About 5 s on 2 cores; room for a loaded machine.
  }, 120_000);

  it('shows "+166" for $100 at $0.60 on a paused campaign, not what it refunded', async () => {
    const { client, profile } = await arrange({
      packageIndex: packages.findIndex((p) => p.click_rate === 0.6),
      depositShare: 0.99,
      clickedShare: 0,
      topUps: [],
      paused: true,
      amountCents: 10_000,
      spareCents: 10_000,
    });
    const { campaign, balance } = await read(client, profile);
    expect(campaign.remaining_clicks).toBeGreaterThan(9_000);
    const effect = amountEffect('100', balance, campaign, 10_000);
    expect(effect).toEqual({
      problem: null,
      clicksAdded: 166,
      balanceAfterCents: Math.round(balance * 100) - 10_000,
    });
  });

  it('says "about" what the pause refunds, and the answer says what it did', async () => {
    const { client, profile } = await arrange({
      packageIndex: packages.findIndex((p) => p.click_rate === 0.6),
      depositShare: 0,
      clickedShare: 0,
      topUps: [],
      paused: false,
      amountCents: 1,
      spareCents: 0,
    });
    const { campaign } = await read(client, profile);
    expect(pauseRefundEstimate(campaign)).toBe('About $100.00 will return to your balance');
    // Six clicks are billed after the dialog read the campaign, before the press.
    await recordClicks(
      t.db,
      Array.from({ length: 6 }, () => {
        const id = uuidv7();
        return { id, username: profile, at: new Date(), visitorId: `visitor-${id}` };
      }),
      TEST_CLICK_RULES,
    );
    const answer = await client.call(expireAdPackage, { username: profile, expected_status: true });
    expect(answer.body).toEqual({
      success: true,
      message: `Campaign for ${profile} deactivated successfully`,
      refunded_amount: 96.4,
    });
    expect(pauseDoneMessage(answer.body)).toBe(
      `Campaign for ${profile} deactivated successfully. $96.40 returned to your balance`,
    );
  });
});
