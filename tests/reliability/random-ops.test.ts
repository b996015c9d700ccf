import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLedgerEntry } from '@/server/domain/ledger';
import { signPartnerRequest } from '@/server/domain/auth/partner-signature';
import { startTestChain, type TestChain } from '../helpers/anvil';
import {
  answerOf,
  databaseKinds,
  openTestDatabase,
  registerUser,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../helpers/server';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import { campaignHistory, newCampaign } from '@/shared/contract/campaigns';
import { figureViolations } from './support/figure-identities';
import { moneyInvariantViolations } from './support/invariants';
import { clickId } from '../helpers/click-ids';
import { CLICK_SETTINGS } from './support/random-ops-clicks';
import { opsArbitrary } from './support/random-ops-ops';
import { RandomOpsRun } from './support/random-ops-runner';

/**
 * Random operation sequences over the real API (issue 6): register, deposit requests (design §2:
 * transfers to the advertiser's own address of all, part, the rest or more, also after Start Over or
 * the window's close; the chain watcher's passes; verify, which hurries it; Start Over; the expiry
 * job), create, top up, pause, reactivate, new package, delete, signed click batches (replayed ids,
 * profiles without a campaign, and invalid clicks: bots, double clicks, visitors and addresses past
 * the daily cap, clicks dated too long ago or ahead, ids sent again dated otherwise), and one
 * advertiser acting on another's campaigns and deposits;
 * bursts send one call, or one click batch, several times at once, and retries send each call again
 * with its Idempotency-Key. Every answer must be the one the model expects and after every step the
 * money invariants hold (each transfer credited once), and so do the figures of every campaign and
 * history answer (issue 13: per period). Seeded: RELIABILITY_SEED=<n> replays a run.
 */

const PARTNER_SECRET = 'random-ops-partner-secret';
const NUM_RUNS = 6;
const MIN_OPS = 25;
const MAX_OPS = 40;

const seed = process.env.RELIABILITY_SEED
  ? Number(process.env.RELIABILITY_SEED)
  : Math.floor(Math.random() * 2 ** 31);
console.log(`random-ops seed: ${seed} (RELIABILITY_SEED=${seed} to replay)`);

describe.each(databaseKinds())('random operations on %s', (kind) => {
  let database: TestDatabase;
  let chain: TestChain;
  let server: TestApp;

  beforeAll(async () => {
    [database, chain] = await Promise.all([openTestDatabase(kind), startTestChain()]);
    server = await startTestApp(database.db, chain.env({ PARTNER_SECRET, ...CLICK_SETTINGS }));
  });

  afterAll(async () => {
    await server?.close();
    await chain?.stop();
    await database?.close();
  });

  it(`keeps every answer as modelled and the money invariants after every step (${NUM_RUNS} runs)`, async () => {
    let runs = 0;
    const tally = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(opsArbitrary(MIN_OPS, MAX_OPS), async (ops) => {
        runs += 1;
        const run = new RandomOpsRun(
          { db: database.db, server, chain, partnerSecret: PARTNER_SECRET },
          `${kind}${runs}`,
          tally,
        );
        await run.start();
        for (const op of ops) await run.step(op);
        await run.finish();
      }),
      // No shrinking: each try replays a whole sequence over HTTP and anvil; the failure names
      // the seed, the path and every step with its answers.
      { seed, numRuns: NUM_RUNS, endOnFailure: true },
    );
    const summary = [...tally].sort().map(([answer, count]) => `${answer} ×${count}`);
    console.log(`random-ops on ${kind}, answers seen: ${summary.join(', ')}`);
  }, 300_000);

  // Overlapping batches inserting their ids in different orders deadlock on PostgreSQL, and one of
  // them failed with a 500 (about 1 answer in 5 here). Found twice: in the first click billing and
  // again in its one-statement rewrite. A campaign on the profile serialises the batches (they lock
  // it first), so every other round has none. PGlite runs one transaction at a time: there a couple
  // of rounds check the counts only.
  it('counts overlapping click batches sent at once in different orders exactly once, never failing', async () => {
    const rounds = kind === 'postgres' ? 12 : 2;
    for (let round = 0; round < rounds; round++) {
      const profile = `${kind}_race${round}`;
      await database.db.query(
        `INSERT INTO profiles (username, full_name, avatar) VALUES ($1, 'Race', '/avatars/race.svg')`,
        [profile],
      );
      const withCampaign = round % 2 === 0;
      const { client, userId } = await registerUser(server);
      if (withCampaign) {
        await database.db.transaction((tx) =>
          postLedgerEntry(tx, { userId, amountCents: 10_000, kind: 'demo-grant' }),
        );
        const created = await client.call(newCampaign, {
          username: profile,
          package_id: 2,
          amount_deposit: 100,
        });
        expect(created.status).toBe(201);
      }
      const at = new Date().toISOString();
      const events = Array.from({ length: 1000 }, (_, i) => ({
        id: clickId(`${profile}-${i}`),
        username: profile,
        at,
        // A visitor of its own each (a click that names nobody is unidentified: issue 32).
        visitor_id: `${profile}-visitor-${i}`,
      }));
      const rotated = [...events.slice(500), ...events.slice(0, 500)];
      const batches = [events, [...events].reverse(), rotated, [...rotated].reverse()];
      const answers = await Promise.all(batches.map((batch) => sendClicks(batch)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const total = (key: string) =>
        answers.reduce((sum, answer) => sum + Number(answer.body[key]), 0);
      // $100 at $0.60 buys 166 clicks; the 1,000 ids count once across the four batches. Without a
      // campaign, the profile is not placed: every click is invalid.
      expect(
        ['received', 'duplicates', 'billed', 'unbilled', 'invalid', 'endedCampaigns'].map(total),
      ).toEqual(withCampaign ? [4000, 3000, 166, 834, 0, 1] : [4000, 3000, 0, 0, 1000, 0]);
      expect(
        answers.reduce(
          (sum, answer) =>
            sum + Number((answer.body.invalidReasons as { notPlaced: number }).notPlaced),
          0,
        ),
      ).toBe(withCampaign ? 0 : 1000);
      const [balance] = await database.db.query<{ cents: number }>(
        'SELECT balance_cents AS cents FROM users WHERE id = $1',
        [userId],
      );
      // The leftover 40 cents (less than one click) came back when the clicks ran out.
      expect(Number(balance!.cents)).toBe(withCampaign ? 40 : 0);
      if (withCampaign) {
        // Ended by its clicks: 166 used, none refunded, $99.60 spent and 40 cents refunded.
        const list = await client.call(boughtAdsByClient);
        const history = await client.call(campaignHistory);
        expect(figureViolations(answerOf(list).data, answerOf(history).data, 9_960)).toEqual([]);
        expect(answerOf(list).data.map((c) => [c.clicks_purchased, c.remaining_clicks])).toEqual([
          [166, 0],
        ]);
        expect(answerOf(list).data[0]!.amount_refunded).toBe(0.4);
      }
    }
    expect(await moneyInvariantViolations(database.db)).toEqual([]);
  });

  function sendClicks(events: { id: string; username: string; at: string }[]) {
    const body = JSON.stringify({ events });
    const timestamp = Math.floor(Date.now() / 1000);
    return server.client().request('POST', '/api/partner/clicks', {
      raw: body,
      headers: {
        'content-type': 'application/json',
        'x-partner-timestamp': String(timestamp),
        'x-partner-signature': signPartnerRequest(PARTNER_SECRET, timestamp, body),
      },
    });
  }
});
