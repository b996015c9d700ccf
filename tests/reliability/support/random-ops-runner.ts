import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { getAddress, type Address } from 'viem';
import type { Db } from '@/server/db/db';
import { signPartnerRequest } from '@/server/domain/auth/partner-signature';
import { TOKEN_CONTRACTS } from '@/dev/dev-chain';
import { expireDeposits } from '@/server/jobs/expire-deposits';
import { boughtAdsByClient } from '@/shared/contract/campaign';
import { campaignHistory, profileAdDetails } from '@/shared/contract/campaigns';
import {
  getTransaction,
  type ListedTransaction,
  type Transaction,
} from '@/shared/contract/deposits';
import { accountStatement, type StatementRow } from '@/shared/contract/statement';
import { accountStats, campaignsInRange } from '@/shared/contract/stats';
import { getUserDetails } from '@/shared/contract/user-details';
import type { TestChain } from '../../helpers/anvil';
import {
  answerOf,
  registerUser,
  type TestApp,
  type TestClient,
  type TestResponse,
} from '../../helpers/server';
import { figureViolations } from './figure-identities';
import { moneyInvariantViolations } from './invariants';
import { ClickBook, LONGEST_RUN_MS, type SentClick } from './random-ops-clicks';
import {
  CLOSED_WINDOW_AT,
  DepositBook,
  dollars,
  ETH_USD_E8,
  shownUnits,
  listedTransactionOf,
  transactionOf,
  unitsFor,
  type DepositModel,
  type UserModel,
} from './random-ops-deposits';
import {
  LISTED_PROFILES,
  PROFILE_COUNT,
  type Coin,
  type Op,
  type PaidAmount,
  type Target,
} from './random-ops-ops';

/**
 * Runs one generated list of operations against the real app (real HTTP, real database, real
 * anvil) next to a small model of what each should do: every answer must be exactly the one the
 * model expects, and after every step the money invariants hold and the database agrees with the
 * model (balances, campaigns, deposits and the transfers credited for them). Bursts send one call
 * several times at once; their answers must be those of the same calls made one after the other, in
 * any order. The deposit rules themselves are modelled in random-ops-deposits.ts.
 */

export interface World {
  db: Db;
  server: TestApp;
  chain: TestChain;
  partnerSecret: string;
}

/** A campaign's figures in its current period (the contract's Campaign). */
interface CampaignModel {
  owner: UserModel;
  profile: string;
  packageId: number;
  rateCents: number;
  clicksPurchased: number;
  active: boolean;
  fundedCents: number;
  billedCents: number;
  refundedCents: number;
  remainingCents: number;
  remainingClicks: number;
  clicksCount: number;
  /** Order of (re)activation: clicks bill the campaign on a profile that started first. */
  started: number;
}

/** One entry of campaign history: written each time a campaign ends, for the period it ends. */
interface EndingModel {
  owner: UserModel;
  row: (string | number)[];
}

interface Expected {
  status: number;
  body: unknown;
}

interface Burst {
  answers: Expected[];
  expected: Expected[];
}

const RATE_CENTS: Record<number, number> = { 1: 80, 2: 60, 3: 50, 4: 40 };
const MAX_CLICKS = 10_000;
const ALLOWED_CATEGORIES = new Set(['gaming', 'fitness', 'asmr']);
const MAIN_CATEGORIES = new Set(['top', 'new', 'popular', 'free']);
const WEI_PER_SHOWN_UNIT = 10n ** 12n;
/**
 * Calls that take an Idempotency-Key without keeping it: asking again runs again (verify only
 * hurries the watcher and answers from the state; a transfer credits once).
 */
const UNKEYED_CALLS = new Set(['verify-transaction-v2']);

const fail = (message: string) => ({ success: false, message });
const PAST_PACKAGE_MAXIMUM = fail(
  'This amount would take the campaign past the package maximum of 10,000 clicks',
);
const NO_CAMPAIGN = fail('No campaign found for this profile');
const NOT_AVAILABLE = fail('Model is not available');
const NO_TRANSACTION = fail('Transaction not found');
const BELOW_ONE_CLICK = fail('The amount must buy at least one click at this package rate');
const NO_BALANCE = fail('You do not have enough balance to create this campaign');

/** A body with the server's clock left out: each run of an unkeyed call reads it anew. */
function withoutServerTime(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (key, value: unknown) =>
    key === 'serverTime' ? undefined : value,
  );
}

function hasTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** `actual` equals `expected`, as toEqual has it (matchers included). */
function equals(actual: unknown, expected: unknown): boolean {
  try {
    expect(actual).toEqual(expected);
    return true;
  } catch {
    return false;
  }
}

/** EIP-681: the wallet link that pays `units` of the coin to `to` on the dev chain (31337). */
function paymentUri(coin: Coin, to: Address, units: bigint): string {
  return coin === 'eth'
    ? `ethereum:${to}@31337?value=${units}`
    : `ethereum:${TOKEN_CONTRACTS[coin].address}@31337/transfer?address=${to}&uint256=${units}`;
}

export class RandomOpsRun {
  private readonly users: UserModel[] = [];
  private readonly book = new DepositBook();
  private readonly campaigns = new Map<string, CampaignModel>();
  private readonly endings: EndingModel[] = [];
  private readonly clickBook: ClickBook;
  private readonly profiles: string[];
  private readonly startedAt = Date.now();
  private readonly log: string[] = [];
  private starts = 0;
  private steps = 0;
  private bursting: Burst | undefined;
  /** Inside a `retried` operation: how many more times each call is sent with its key. */
  private retryCopies = 0;
  private lastCall = '';
  /** How often each call answered each status ("new-campaign 201"), for the summary. */
  readonly tally: Map<string, number>;

  constructor(
    private readonly world: World,
    private readonly tag: string,
    tally: Map<string, number>,
  ) {
    this.tally = tally;
    this.profiles = Array.from({ length: PROFILE_COUNT }, (_, i) => `${tag}_p${i}`);
    this.clickBook = new ClickBook(tag, this.profiles);
  }

  /** Fresh profiles (4 listed, 1 unlisted; the 6th is never in the catalogue) and two advertisers. */
  async start(): Promise<void> {
    const rows = this.profiles
      .slice(0, LISTED_PROFILES + 1)
      .map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2}, '/avatars/none.svg', ${i < LISTED_PROFILES})`);
    await this.world.db.query(
      `INSERT INTO profiles (username, full_name, avatar, listed) VALUES ${rows.join(', ')}`,
      this.profiles.slice(0, LISTED_PROFILES + 1).flatMap((name) => [name, `Creator ${name}`]),
    );
    await this.step({ kind: 'register' });
    await this.step({ kind: 'register' });
  }

  /**
   * The watcher's last pass (every transfer of the run credited), then Start Over on each request
   * left open: refused for those part paid.
   */
  async finish(): Promise<void> {
    await this.world.server.app.depositWatcher!.syncNow();
    await this.credited();
    for (const deposit of this.book.deposits.filter((d) => d.status === 'pending')) {
      this.log.push(`cleanup: delete deposit ${deposit.created!.id}`);
      await this.deleteAs(deposit.owner, deposit);
    }
    await this.check();
  }

  async step(op: Op): Promise<void> {
    this.steps += 1;
    this.log.push(`${this.steps}. ${JSON.stringify(op)}`);
    const starts = this.starts;
    await this.run(op);
    // A campaign (re)started: the next start must fall in a later millisecond (billing order).
    if (this.starts !== starts) await sleep(2);
  }

  private async run(op: Op): Promise<void> {
    switch (op.kind) {
      case 'register':
        return this.register();
      case 'fund':
        return this.fund(op);
      case 'newDeposit':
        await this.newDeposit(this.user(op.user), op.dollars, op.coin);
        return this.check();
      case 'pay':
        return this.payStep(op);
      case 'sync':
        return this.syncStep();
      case 'expire':
        return this.expireStep(op);
      case 'verify':
        return this.verifyStep(op);
      case 'deleteDeposit':
        return this.deleteDeposit(op);
      case 'create':
        return this.create(op);
      case 'topUp':
        return this.topUp(op);
      case 'pause':
        return this.pause(op);
      case 'remove': {
        const { owner, profile, sent } = this.resolve(op.target);
        await this.remove(owner, profile, sent);
        return this.check();
      }
      case 'newPackage':
        return this.newPackage(op);
      case 'clicks':
        return this.clicks(op);
      case 'view':
        return this.view(this.user(op.user));
      case 'burst':
        return this.burst(op.op, op.copies);
      case 'retried':
        return this.retried(op.op, op.copies);
    }
  }

  /**
   * Issue 14: each call of the operation sent `copies` + 1 times at once with one Idempotency-Key,
   * as a client whose answer was lost retries it: every copy gets the same answer (all but one
   * replayed), the model sees that answer once, and the invariants after the step show one effect.
   */
  private async retried(op: Op, copies: number): Promise<void> {
    this.retryCopies = copies;
    try {
      await this.run(op);
    } finally {
      this.retryCopies = 0;
    }
  }

  /**
   * The same call `copies` times at once. The server serialises them (row locks), so the answers
   * are those of the same calls one after the other, in some order: compared as a multiset, and
   * the database is checked once all have answered.
   */
  private async burst(op: Op, copies: number): Promise<void> {
    const burst: Burst = { answers: [], expected: [] };
    this.bursting = burst;
    try {
      await Promise.all(Array.from({ length: copies }, () => this.run(op)));
    } finally {
      this.bursting = undefined;
    }
    // Each answer paired with an expected one it equals (expected answers may hold matchers, such
    // as a confirmation time): what is left unpaired on either side is the difference.
    const unpaired = [...burst.expected];
    const unexpected = burst.answers.filter((answer) => {
      const index = unpaired.findIndex((expected) => equals(answer, expected));
      if (index >= 0) unpaired.splice(index, 1);
      return index < 0;
    });
    expect({ unexpected, unpaired }, this.where()).toEqual({ unexpected: [], unpaired: [] });
    this.count(`bursts of ${op.kind}`, 1);
    await this.check();
  }

  private where(): string {
    return `run ${this.tag}, steps so far:\n${this.log.join('\n')}`;
  }

  private expectAnswer(answer: TestResponse<unknown>, expected: Expected): void {
    this.count(`${this.lastCall} ${answer.status}`, 1);
    this.log.push(
      `   ${this.lastCall}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
    );
    if (this.bursting) {
      this.bursting.answers.push({ status: answer.status, body: answer.body });
      this.bursting.expected.push(expected);
      return;
    }
    expect({ status: answer.status, body: answer.body }, this.where()).toEqual(expected);
  }

  private count(key: string, n: number): void {
    this.tally.set(key, (this.tally.get(key) ?? 0) + n);
  }

  private async post<T = Record<string, unknown>>(
    client: TestClient,
    path: string,
    body: unknown,
  ): Promise<TestResponse<T>> {
    this.lastCall = path.replace('/api/', '');
    if (this.retryCopies === 0) return client.post<T>(path, body);
    const headers = { 'idempotency-key': randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: this.retryCopies + 1 }, () => client.post<T>(path, body, headers)),
    );
    if (UNKEYED_CALLS.has(this.lastCall)) return this.unkeyed(answers, headers['idempotency-key']);
    const first = answers.find((answer) => !answer.headers.get('idempotent-replayed'));
    expect(
      first,
      `${this.where()}\n(no copy of a keyed ${this.lastCall} did the work)`,
    ).toBeDefined();
    for (const answer of answers) {
      expect({ status: answer.status, body: answer.body }, this.where()).toEqual({
        status: first!.status,
        body: first!.body,
      });
    }
    // A refusal of the body itself (400 before any work) is not kept: each copy is refused anew.
    if (first!.status < 300) {
      expect(answers.filter((answer) => answer.headers.get('idempotent-replayed')).length).toBe(
        this.retryCopies,
      );
    }
    this.count(`keyed ${this.lastCall} replayed`, this.retryCopies);
    return first!;
  }

  /** Copies of an unkeyed call: each ran (none replayed), all answer the same, no key was kept. */
  private async unkeyed<T>(answers: TestResponse<T>[], key: string): Promise<TestResponse<T>> {
    const [first] = answers as [TestResponse<T>];
    expect(
      answers.map((answer) => [
        answer.headers.get('idempotent-replayed'),
        answer.status,
        withoutServerTime(answer.body),
      ]),
      this.where(),
    ).toEqual(answers.map(() => [null, first.status, withoutServerTime(first.body)]));
    const [kept] = await this.world.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1',
      [key],
    );
    expect(kept!.n, this.where()).toBe(0);
    this.count(`unkeyed ${this.lastCall} run again`, this.retryCopies);
    return first;
  }

  private user(index: number): UserModel {
    return this.users[index % this.users.length]!;
  }

  /** 0 = the newest deposit of the run, 1 the one before, … (undefined before the first one). */
  private depositAt(index: number): DepositModel | undefined {
    const { deposits } = this.book;
    if (deposits.length === 0) return undefined;
    return deposits[deposits.length - 1 - (index % deposits.length)];
  }

  /** The advertiser and profile an operation acts on (see Target). */
  private resolve(target: Target): {
    owner: UserModel;
    profile: string;
    sent: string;
    profileIndex: number;
  } {
    const campaigns = [...this.campaigns.values()];
    const existing =
      target.existing && campaigns.length > 0
        ? campaigns[target.campaign % campaigns.length]
        : undefined;
    const profileIndex = existing ? this.profiles.indexOf(existing.profile) : target.profile;
    const profile = this.profiles[profileIndex]!;
    return {
      owner: existing && !target.byOther ? existing.owner : this.user(target.user),
      profile,
      sent: target.upper ? ` ${profile.toUpperCase()}  ` : profile,
      profileIndex,
    };
  }

  private campaignKey(user: UserModel, profile: string): string {
    return `${user.id}:${profile.toLowerCase()}`;
  }

  /** Numbers the (re)starts of campaigns: clicks bill the one that started first. */
  private started(): number {
    this.starts += 1;
    return this.starts;
  }

  // ---- accounts and deposits ----

  private async register(): Promise<void> {
    const { client, userId } = await registerUser(this.world.server);
    this.users.push({ client, id: userId, balanceCents: 0 });
    await this.check();
  }

  private async fund(op: Extract<Op, { kind: 'fund' }>): Promise<void> {
    const deposit = await this.newDeposit(this.user(op.user), op.dollars, op.coin);
    await this.check();
    if (!deposit) return;
    if (op.pay !== 'none') {
      await this.pay(deposit, op.payer, op.pay);
      await this.check();
    }
    for (let i = 0; i < 2; i++) {
      await this.verify(deposit, deposit.owner, op.payer);
      await this.check();
    }
  }

  /** A request for the plain amount, paid to the advertiser's own address (design §2). */
  private async newDeposit(
    owner: UserModel,
    dollars: number,
    coin: Coin,
  ): Promise<DepositModel | undefined> {
    const answer = await this.post<{ data: Transaction }>(owner.client, '/api/top-up-balance-v2', {
      amount: dollars,
      coinType: coin,
    });
    let refusal: string | undefined;
    if (!hasTwoDecimals(dollars)) refusal = 'Amounts can have at most 2 decimals';
    else if (dollars < 100) refusal = 'Minimum deposit amount is $100';
    else if (dollars > 10_000) refusal = 'Maximum deposit amount is $10,000';
    if (refusal) {
      this.expectAnswer(answer, { status: 400, body: fail(refusal) });
      return undefined;
    }
    const cents = toCents(dollars);
    const units = unitsFor(coin, cents);
    this.expectAnswer(answer, {
      status: 201,
      body: {
        success: true,
        message: 'Transaction created successfully',
        data: expect.objectContaining({
          hash: null,
          status: 'pending',
          amount: dollars,
          coinType: coin,
          ethAmount: shownUnits(coin, units),
          amountUnits: units.toString(),
          ethUsdPrice: coin === 'eth' ? Number(ETH_USD_E8) / 1e8 : null,
          from: null,
          to: owner.address ?? expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
          receivedAmount: '0.000000',
          creditedAmount: 0,
          confirmations: null,
          late: false,
          origin: 'request',
          confirmedAt: null,
        }),
      },
    });
    const created = answer.body.data;
    if (!owner.address) {
      // Each advertiser's own address: no other advertiser of the run pays to it.
      expect(
        this.users.filter((user) => user.address === created.to),
        this.where(),
      ).toEqual([]);
      owner.address = created.to as Address;
    }
    return this.book.open(owner, coin, cents, created);
  }

  private async payStep(op: Extract<Op, { kind: 'pay' }>): Promise<void> {
    const deposit = this.depositAt(op.deposit);
    if (!deposit) return;
    await this.pay(deposit, op.payer, op.amount);
    await this.check();
  }

  /** A transfer to the deposit's address (see PaidAmount), whatever became of the deposit. */
  private async pay(deposit: DepositModel, payerIndex: number, amount: PaidAmount): Promise<void> {
    const { chain } = this.world;
    const payer = getAddress(chain.payers[payerIndex % chain.payers.length]!);
    // ETH is paid in whole shown units (0.000001), as a wallet shows the amount.
    const shown = (units: bigint) =>
      deposit.coin === 'eth' ? units - (units % WEI_PER_SHOWN_UNIT) : units;
    const due = deposit.units - deposit.receivedUnits;
    const units = {
      all: deposit.units,
      part: shown(deposit.units / 3n),
      rest: due > 0n ? due : deposit.units,
      over: deposit.units + shown(deposit.units / 2n),
    }[amount];
    const to = deposit.owner.address!;
    const hash = await chain.pay(payer, { coinType: deposit.coin, to, units });
    this.book.pay(deposit.owner, deposit.coin, units, payer, hash);
    this.count(`paid ${amount} to a ${deposit.status} ${deposit.origin} deposit`, 1);
    this.log.push(`   paid ${units} ${deposit.coin} from ${payer} to ${to} (${hash})`);
  }

  private async syncStep(): Promise<void> {
    await this.world.server.app.depositWatcher!.syncNow();
    this.count('watcher passes', 1);
    await this.credited();
    await this.check();
  }

  /**
   * After a pass of the watcher: the book credits every transfer so far, as the app must have; a
   * deposit the app opened for a transfer no request took is read once (get-transaction), which
   * gives its id and times.
   */
  private async credited(): Promise<void> {
    const { db } = this.world;
    for (const payment of this.book.credit()) {
      const { deposit, cents } = payment.credit!;
      this.count(
        deposit.origin === 'unrequested'
          ? 'transfers credited with no request'
          : deposit.late
            ? 'transfers credited late to a closed request'
            : 'transfers credited to an open request',
        1,
      );
      if (deposit.created) continue;
      const [row] = await db.query<{ deposit_id: number | null }>(
        'SELECT deposit_id FROM chain_transfers WHERE tx_hash = $1',
        [payment.hash],
      );
      expect(row?.deposit_id, `${this.where()}\n(no deposit for ${payment.hash})`).toBeTruthy();
      const id = Number(row!.deposit_id);
      const read = await deposit.owner.client.call(getTransaction, { transaction_id: id });
      const paid = shownUnits(deposit.coin, deposit.units);
      const price = deposit.coin === 'eth' ? Number(ETH_USD_E8) / 1e8 : null;
      expect({ status: read.status, body: read.body }, this.where()).toEqual({
        status: 200,
        body: {
          success: true,
          message: 'Transaction fetched successfully',
          data: {
            id,
            hash: payment.hash,
            status: 'confirmed',
            amount: cents / 100,
            coinType: deposit.coin,
            ethAmount: paid,
            amountUnits: deposit.units.toString(),
            ethUsdPrice: price,
            from: payment.payer,
            to: deposit.owner.address,
            paymentUri: paymentUri(deposit.coin, deposit.owner.address!, deposit.units),
            createdAt: expect.any(String),
            expiresAt: null,
            serverTime: expect.any(String),
            receivedAmount: paid,
            creditedAmount: cents / 100,
            confirmations: null,
            late: false,
            origin: 'unrequested',
            confirmedAt: expect.any(String),
            transfers: [
              {
                hash: payment.hash,
                amount: paid,
                creditedAmount: cents / 100,
                ethUsdPrice: price,
                confirmations: expect.any(Number),
                blockTime: expect.any(String),
              },
            ],
            // Issue 35 point 10: its receipt, the payment one line at the price of its block.
            receipt: expect.objectContaining({
              lines: [
                {
                  hash: payment.hash,
                  blockTime: expect.any(String),
                  basis: 'unrequested',
                  amount: paid,
                  price: price ?? 1,
                  creditedAmount: cents / 100,
                },
              ],
            }),
          },
        },
      });
      const { transfers: _transfers, receipt: _receipt, ...created } = answerOf(read).data;
      deposit.created = created;
    }
  }

  /**
   * The deposit's window passes (its end moved to 2000), the watcher makes a pass (issue 33 point 4:
   * the expiry job closes a request only after one that began after its window ended: it credits the
   * transfers not seen yet, each after the window) and the expiry job runs.
   */
  private async expireStep(op: Extract<Op, { kind: 'expire' }>): Promise<void> {
    const deposit = this.depositAt(op.deposit);
    if (!deposit) return;
    const { db } = this.world;
    if (deposit.status === 'pending') {
      await db.query('UPDATE deposits SET expires_at = $2 WHERE id = $1', [
        deposit.created!.id,
        CLOSED_WINDOW_AT,
      ]);
      this.book.endWindow(deposit);
    }
    await this.world.server.app.depositWatcher!.syncNow();
    this.count('watcher passes', 1);
    await this.credited();
    const open = deposit.status === 'pending';
    const closed = await expireDeposits(db, { stablecoinWindowHours: 24 });
    expect(closed, this.where()).toBe(open ? 1 : 0);
    if (open) {
      this.book.expire(deposit);
      this.count(`requests closed ${deposit.receivedUnits > 0n ? 'underpaid' : 'unpaid'}`, 1);
    }
    await this.check();
  }

  private async verifyStep(op: Extract<Op, { kind: 'verify' }>): Promise<void> {
    const deposit = this.depositAt(op.deposit);
    if (!deposit) return;
    const caller = op.byOwner ? deposit.owner : this.user(op.user);
    await this.verify(deposit, caller, op.payer ?? 0, op.lower);
    await this.check();
  }

  /**
   * verify-transaction-v2 hurries the watcher, then answers from the deposit's state; the sender it
   * names is checked for form only.
   */
  private async verify(
    deposit: DepositModel,
    caller: UserModel,
    payerIndex: number,
    lower = false,
  ): Promise<void> {
    const { chain } = this.world;
    const sender = getAddress(chain.payers[payerIndex % chain.payers.length]!);
    const answer = await this.post(caller.client, '/api/verify-transaction-v2', {
      address: lower ? sender.toLowerCase() : sender,
      crmTransactionId: deposit.created!.id,
    });
    await this.credited();
    this.expectAnswer(answer, this.verifyAnswer(deposit, caller));
  }

  private verifyAnswer(deposit: DepositModel, caller: UserModel): Expected {
    if (caller.id !== deposit.owner.id || deposit.status === 'deleted') {
      return { status: 404, body: NO_TRANSACTION };
    }
    if (deposit.status === 'confirmed') {
      return {
        status: 200,
        body: {
          success: true,
          message: 'Payment verification successful!',
          data: transactionOf(deposit),
        },
      };
    }
    const coin = deposit.coin.toUpperCase();
    const received = `${shownUnits(deposit.coin, deposit.receivedUnits)} ${coin}`;
    const asked = `${shownUnits(deposit.coin, deposit.units)} ${coin}`;
    const credited = dollars(deposit.creditedCents);
    if (deposit.status === 'failed') {
      return {
        status: 400,
        body: fail(
          deposit.creditedCents === 0
            ? 'Transaction expired. Please create a new transaction.'
            : `Payment verification failed: only ${received} of ${asked} arrived ${deposit.late ? 'so far, part of it after the deposit closed' : 'before the deposit closed'}. The ${credited} it was worth was added to your balance (no crypto is sent back). Start a new deposit for the rest.`,
        ),
      };
    }
    return {
      status: 400,
      body: fail(
        deposit.receivedUnits === 0n
          ? 'Payment not found yet. Please try again in a minute.'
          : `${received} of ${asked} has arrived so far and ${credited} was added to your balance. Send the rest to the same address before the deposit closes, or start a new deposit.`,
      ),
    };
  }

  private async deleteDeposit(op: Extract<Op, { kind: 'deleteDeposit' }>): Promise<void> {
    const deposit = this.depositAt(op.deposit);
    if (!deposit) return;
    await this.deleteAs(op.byOwner ? deposit.owner : this.user(op.user), deposit);
    await this.check();
  }

  /** Start Over: only an open request, and only while nothing was credited to it. */
  private async deleteAs(caller: UserModel, deposit: DepositModel): Promise<void> {
    const answer = await this.post(caller.client, '/api/delete-transaction', {
      transaction_id: deposit.created!.id,
    });
    if (caller.id !== deposit.owner.id || deposit.status === 'deleted') {
      this.expectAnswer(answer, { status: 404, body: NO_TRANSACTION });
    } else if (deposit.status !== 'pending') {
      this.expectAnswer(answer, {
        status: 400,
        body: fail('Only a pending transaction can be deleted'),
      });
    } else if (deposit.creditedCents > 0) {
      // Issue 33 point 7: it says the part was added (the watcher credits as it detects here).
      this.expectAnswer(answer, {
        status: 400,
        body: fail(
          'Part of this deposit has arrived and was added to your balance, so it cannot be deleted. Send the rest to the same address, or start a new deposit.',
        ),
      });
    } else {
      this.expectAnswer(answer, {
        status: 200,
        body: { success: true, message: 'Transaction deleted successfully' },
      });
      deposit.status = 'deleted';
    }
  }

  // ---- campaigns ----

  private async create(op: Extract<Op, { kind: 'create' }>): Promise<void> {
    const owner = this.user(op.user);
    const profile = this.profiles[op.profile]!;
    const answer = await this.post(owner.client, '/api/new-campaign', {
      username: op.upper ? profile.toUpperCase() : profile,
      package_id: op.packageId,
      amount_deposit: op.dollars,
      category_name: op.category,
    });
    let refusal: string | undefined;
    if (op.packageId < 1) refusal = 'Please select a package';
    else if (!hasTwoDecimals(op.dollars)) refusal = 'Amounts can have at most 2 decimals';
    else if (op.dollars < 100) refusal = 'Please enter a valid deposit amount (minimum $100)';
    const expected = refusal
      ? { status: 400, body: fail(refusal) }
      : this.open(owner, op.profile, op.packageId, op.dollars, op.category);
    this.expectAnswer(answer, expected);
    await this.check();
  }

  /** new-campaign past its body checks (openCampaign). */
  private open(
    owner: UserModel,
    profileIndex: number,
    packageId: number,
    dollars: number,
    category: string | null,
  ): Expected {
    const problem = this.purchaseProblem(profileIndex, packageId, dollars, category);
    if (problem) return problem;
    const profile = this.profiles[profileIndex]!;
    const existing = this.campaigns.get(this.campaignKey(owner, profile));
    if (existing) {
      return {
        status: 409,
        body: existing.active
          ? NOT_AVAILABLE
          : fail(
              'You already have a campaign for this profile. Reactivate it from Your Campaigns instead.',
            ),
      };
    }
    if (toCents(dollars) > owner.balanceCents) return { status: 400, body: NO_BALANCE };
    this.addCampaign(owner, profile, packageId, dollars);
    return {
      status: 201,
      body: { success: true, message: `Campaign for ${profile} created successfully` },
    };
  }

  /**
   * assign-ad-package past its body checks (assignPackage): one transaction that replaces the
   * inactive campaign on the profile, or opens one where there is none. A refusal leaves the old
   * campaign as it was.
   */
  private assign(
    owner: UserModel,
    profileIndex: number,
    packageId: number,
    dollars: number,
    category: string | null,
  ): Expected {
    const problem = this.purchaseProblem(profileIndex, packageId, dollars, category);
    if (problem) return problem;
    const profile = this.profiles[profileIndex]!;
    const key = this.campaignKey(owner, profile);
    const old = this.campaigns.get(key);
    if (old?.active) return { status: 409, body: NOT_AVAILABLE };
    if (toCents(dollars) > owner.balanceCents) return { status: 400, body: NO_BALANCE };
    // A profile this advertiser never had a campaign on is told "created", not "reactivated".
    const created =
      !old && !this.endings.some((ending) => ending.owner === owner && ending.row[0] === profile);
    // The old campaign holds no money (refunded when it ended); its history entries stay.
    if (old) this.campaigns.delete(key);
    this.addCampaign(owner, profile, packageId, dollars);
    const message = created
      ? `Campaign for ${profile} created successfully`
      : `Campaign for ${profile} reactivated successfully!`;
    return { status: 200, body: { success: true, message } };
  }

  /** The package, category and profile rules of a new campaign deposit (checkPurchase). */
  private purchaseProblem(
    profileIndex: number,
    packageId: number,
    dollars: number,
    category: string | null,
  ): Expected | undefined {
    if (!RATE_CENTS[packageId]) return { status: 400, body: fail('Please select a package') };
    if (packageId === 3) {
      const name = category?.trim().toLowerCase() ?? '';
      if (MAIN_CATEGORIES.has(name)) {
        return {
          status: 400,
          body: fail('Top, New, Free and Popular categories are not available for this package'),
        };
      }
      if (!ALLOWED_CATEGORIES.has(name)) {
        return { status: 400, body: fail('Please select a category') };
      }
    }
    if (profileIndex >= LISTED_PROFILES) return { status: 400, body: NOT_AVAILABLE };
    // One package cap for every purchase (design §2): no money parked beyond the last click.
    if (Math.floor(toCents(dollars) / RATE_CENTS[packageId]!) > MAX_CLICKS) {
      return { status: 400, body: PAST_PACKAGE_MAXIMUM };
    }
    return undefined;
  }

  /** A new campaign with its deposit debited; $100 or more always buys at least one click. */
  private addCampaign(owner: UserModel, profile: string, packageId: number, dollars: number): void {
    const rateCents = RATE_CENTS[packageId]!;
    const cents = toCents(dollars);
    const clicks = Math.floor(cents / rateCents);
    owner.balanceCents -= cents;
    this.campaigns.set(this.campaignKey(owner, profile), {
      owner,
      profile,
      packageId,
      rateCents,
      clicksPurchased: clicks,
      active: true,
      fundedCents: cents,
      billedCents: 0,
      refundedCents: 0,
      remainingCents: cents,
      remainingClicks: clicks,
      clicksCount: 0,
      started: this.started(),
    });
  }

  /** top-up-money-deposited: a top-up when active, a reactivation with the same package if not. */
  private async topUp(op: Extract<Op, { kind: 'topUp' }>): Promise<void> {
    const { owner, profile, sent } = this.resolve(op.target);
    const answer = await this.post(owner.client, '/api/top-up-money-deposited', {
      username: sent,
      amount: op.dollars,
    });
    const campaign = this.campaigns.get(this.campaignKey(owner, profile));
    const cents = toCents(op.dollars);
    let expected: Expected;
    if (!hasTwoDecimals(op.dollars)) {
      expected = { status: 400, body: fail('Amounts can have at most 2 decimals') };
    } else if (cents < 1) {
      expected = { status: 400, body: fail('Please enter a valid amount') };
    } else if (!campaign) {
      expected = { status: 404, body: NO_CAMPAIGN };
    } else {
      const remainingCents = campaign.remainingCents + cents;
      const clicks = Math.floor(remainingCents / campaign.rateCents);
      if (clicks > MAX_CLICKS) {
        expected = {
          status: 400,
          body: PAST_PACKAGE_MAXIMUM,
        };
      } else if (clicks < 1) {
        expected = { status: 400, body: BELOW_ONE_CLICK };
      } else if (cents > owner.balanceCents) {
        expected = { status: 400, body: fail('Amount exceeds your available balance') };
      } else {
        const reactivated = !campaign.active;
        owner.balanceCents -= cents;
        if (reactivated) {
          // A new period: the ended one is in the history, its refund left nothing behind.
          campaign.fundedCents = 0;
          campaign.billedCents = 0;
          campaign.refundedCents = 0;
          campaign.clicksCount = 0;
          campaign.started = this.started();
        }
        campaign.fundedCents += cents;
        campaign.remainingCents = remainingCents;
        campaign.remainingClicks = clicks;
        campaign.clicksPurchased = campaign.clicksCount + clicks;
        campaign.active = true;
        expected = {
          status: 200,
          body: {
            success: true,
            message: reactivated
              ? `Campaign for ${profile} reactivated and topped up successfully!`
              : `Campaign for ${profile} topped up successfully`,
          },
        };
      }
    }
    this.expectAnswer(answer, expected);
    await this.check();
  }

  private async pause(op: Extract<Op, { kind: 'pause' }>): Promise<void> {
    const { owner, profile, sent } = this.resolve(op.target);
    const answer = await this.post(owner.client, '/api/expire-ad-package', { username: sent });
    const campaign = this.campaigns.get(this.campaignKey(owner, profile));
    if (!campaign) {
      this.expectAnswer(answer, { status: 404, body: NO_CAMPAIGN });
    } else if (!campaign.active) {
      this.expectAnswer(answer, { status: 400, body: fail('This campaign is not active') });
    } else {
      const refundCents = campaign.remainingCents;
      this.end(campaign);
      this.expectAnswer(answer, {
        status: 200,
        body: {
          success: true,
          message: `Campaign for ${profile} deactivated successfully`,
          refunded_amount: refundCents / 100,
        },
      });
    }
    await this.check();
  }

  /**
   * Ending a campaign refunds what is left of its budget at once; the clicks not used stay as the
   * clicks refunded, and the history entry records the period (its budget is all put in during it).
   */
  private end(campaign: CampaignModel): void {
    this.endings.push({
      owner: campaign.owner,
      row: [
        campaign.profile,
        campaign.clicksPurchased,
        campaign.remainingClicks,
        campaign.clicksCount,
        campaign.billedCents / 100,
        campaign.fundedCents / 100,
      ],
    });
    campaign.owner.balanceCents += campaign.remainingCents;
    campaign.refundedCents += campaign.remainingCents;
    campaign.remainingCents = 0;
    campaign.active = false;
  }

  private async remove(owner: UserModel, profile: string, sent: string): Promise<void> {
    const answer = await this.post(owner.client, '/api/remove-ad-package', { username: sent });
    const key = this.campaignKey(owner, profile);
    const campaign = this.campaigns.get(key);
    if (!campaign) {
      this.expectAnswer(answer, { status: 404, body: NO_CAMPAIGN });
    } else if (campaign.active) {
      this.expectAnswer(answer, {
        status: 400,
        body: fail('Active campaigns cannot be deleted. Deactivate the campaign first.'),
      });
    } else {
      this.campaigns.delete(key);
      this.expectAnswer(answer, {
        status: 200,
        body: { success: true, message: `Campaign for ${profile} deleted successfully!` },
      });
    }
  }

  /** Reactivate with a new package: assign-ad-package alone (no remove-ad-package first). */
  private async newPackage(op: Extract<Op, { kind: 'newPackage' }>): Promise<void> {
    const { owner, sent, profileIndex } = this.resolve(op.target);
    const answer = await this.post(owner.client, '/api/assign-ad-package', {
      username: sent,
      package_id: op.packageId,
      category_name: op.category,
      amount_deposit: op.dollars,
    });
    let refusal: string | undefined;
    if (op.packageId < 1) refusal = 'Please select a package';
    else if (!hasTwoDecimals(op.dollars)) refusal = 'Amounts can have at most 2 decimals';
    else if (op.dollars < 0.01) refusal = 'Please enter a valid deposit amount';
    else if (op.dollars < 100) refusal = 'Minimum deposit for this package is $100.00';
    const expected = refusal
      ? { status: 400, body: fail(refusal) }
      : this.assign(owner, profileIndex, op.packageId, op.dollars, op.category);
    this.expectAnswer(answer, expected);
    await this.check();
  }

  // ---- clicks ----

  /**
   * Whether a campaign placed the profile (lower case) when the batch's clicks happened: an active
   * one, or a period that ended during the run (each places its profile until 5 minutes after its
   * end, and the run is shorter than LONGEST_RUN_MS).
   */
  private placed(profile: string): boolean {
    return (
      [...this.campaigns.values()].some((c) => c.active && c.profile === profile) ||
      this.endings.some((ending) => ending.row[0] === profile)
    );
  }

  /**
   * A signed batch: fresh events per group, invalid clicks mixed in (design §5, issue 18), some
   * replayed ids, maybe one id twice in the batch. The book judges it; the valid new clicks bill the
   * campaigns on their profile, the first started first.
   */
  private async clicks(op: Extract<Op, { kind: 'clicks' }>): Promise<void> {
    const now = Date.now();
    expect(
      now - this.startedAt,
      `${this.where()}\n(the run outlasted its click model)`,
    ).toBeLessThan(LONGEST_RUN_MS);
    // Invalid clicks go mostly where a campaign runs, where only the rules keep them from billing.
    const active = [...this.campaigns.values()].filter((c) => c.active);
    const events = this.clickBook.batch(op, now, (index) =>
      active.length > 0 && index % 3 !== 2
        ? active[index % active.length]!.profile
        : this.profiles[index % this.profiles.length]!,
    );
    const judged = this.clickBook.judge(events, now, op.copies, (profile) => this.placed(profile));
    const expected = { billed: 0, endedCampaigns: 0 };
    for (const event of judged.valid) {
      const profile = event.username.toLowerCase();
      const campaign = [...this.campaigns.values()]
        .filter((c) => c.active && c.profile === profile && c.remainingClicks > 0)
        .sort((a, b) => a.started - b.started)[0];
      this.clickBook.bill(profile, campaign?.rateCents ?? null);
      if (!campaign) continue;
      expected.billed += 1;
      campaign.clicksCount += 1;
      campaign.remainingClicks -= 1;
      campaign.billedCents += campaign.rateCents;
      campaign.remainingCents -= campaign.rateCents;
      if (campaign.remainingClicks === 0) {
        this.end(campaign);
        expected.endedCampaigns += 1;
      }
    }

    this.count('clicks billed', expected.billed);
    this.count('clicks unbilled', judged.valid.length - expected.billed);
    this.count('campaigns ended by clicks', expected.endedCampaigns);
    for (const [reason, n] of Object.entries(judged.invalid)) this.count(`clicks ${reason}`, n);
    const invalid = Object.values(judged.invalid).reduce((sum, n) => sum + n, 0);
    const expectedBody = {
      success: true,
      received: events.length,
      duplicates: judged.duplicates,
      billed: expected.billed,
      unbilled: judged.valid.length - expected.billed,
      // The model sets no daily budget.
      budgetReached: 0,
      invalid,
      invalidReasons: judged.invalid,
      endedCampaigns: expected.endedCampaigns,
    };
    if (op.copies === 1) {
      this.expectAnswer(await this.sendClicks(events), { status: 200, body: expectedBody });
      await this.check();
      return;
    }
    // The batch sent several times at once, each copy in another order: every new event still counts
    // once, so the answers add up to what one batch would bill; each copy judges its too old and
    // future events again (they are never kept).
    const copies = Array.from({ length: op.copies }, (_, i) => {
      const cut = Math.floor((events.length * i) / op.copies);
      const rotated = [...events.slice(cut), ...events.slice(0, cut)];
      return i % 2 === 1 ? rotated.reverse() : rotated;
    });
    const answers = await Promise.all(copies.map((copy) => this.sendClicks(copy)));
    type Counts = Record<string, number>;
    const sum = (read: (body: Counts & { invalidReasons: Counts }) => number) =>
      answers.reduce(
        (total, answer) => total + read(answer.body as Counts & { invalidReasons: Counts }),
        0,
      );
    const shown = answers.map((a) => `${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
    this.log.push(`   partner/clicks x${op.copies}: ${shown.join('; ')}`);
    const notKept = judged.invalid.tooOld + judged.invalid.future;
    const fresh = judged.valid.length + invalid - notKept;
    const perCopy = new Set(['tooOld', 'future']);
    expect(
      {
        statuses: answers.map((answer) => answer.status),
        received: sum((body) => body.received!),
        duplicates: sum((body) => body.duplicates!),
        billed: sum((body) => body.billed!),
        unbilled: sum((body) => body.unbilled!),
        invalid: sum((body) => body.invalid!),
        invalidReasons: Object.fromEntries(
          Object.keys(judged.invalid).map((reason) => [
            reason,
            sum((body) => body.invalidReasons[reason]!),
          ]),
        ),
        endedCampaigns: sum((body) => body.endedCampaigns!),
      },
      this.where(),
    ).toEqual({
      statuses: copies.map(() => 200),
      received: op.copies * events.length,
      duplicates: op.copies * events.length - fresh - op.copies * notKept,
      billed: expected.billed,
      unbilled: expectedBody.unbilled,
      invalid: invalid + (op.copies - 1) * notKept,
      invalidReasons: Object.fromEntries(
        Object.entries(judged.invalid).map(([reason, n]) => [
          reason,
          perCopy.has(reason) ? n * op.copies : n,
        ]),
      ),
      endedCampaigns: expected.endedCampaigns,
    });
    this.count('click batches sent at once', op.copies);
    await this.check();
  }

  private sendClicks(events: SentClick[]) {
    const body = JSON.stringify({ events });
    const timestamp = Math.floor(Date.now() / 1000);
    this.lastCall = 'partner/clicks';
    return this.world.server.client().request('POST', '/api/partner/clicks', {
      raw: body,
      headers: {
        'content-type': 'application/json',
        'x-partner-timestamp': String(timestamp),
        'x-partner-signature': signPartnerRequest(this.world.partnerSecret, timestamp, body),
      },
    });
  }

  // ---- reading ----

  private async view(user: UserModel): Promise<void> {
    const details = await user.client.call(getUserDetails);
    const own = [...this.campaigns.values()]
      .filter((c) => c.owner === user)
      .sort((a, b) => (a.profile < b.profile ? -1 : 1));
    expect([details.status, answerOf(details).data], this.where()).toEqual([
      200,
      expect.objectContaining({ crypto_balance: user.balanceCents / 100, campaigns: own.length }),
    ]);

    const list = await user.client.call(boughtAdsByClient);
    expect(
      [
        list.status,
        answerOf(list)
          .data.map((c) => [
            c.profile_id,
            c.status,
            c.package_id,
            c.clicks_purchased,
            c.clicks_count,
            c.remaining_clicks,
            c.amount_deposit,
            c.amount_remaining,
            c.amount_refunded,
            c.click_rate,
          ])
          .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
      ],
      this.where(),
    ).toEqual([
      200,
      own.map((c) => [
        c.profile,
        c.active,
        c.packageId,
        c.clicksPurchased,
        c.clicksCount,
        c.remainingClicks,
        c.fundedCents / 100,
        c.remainingCents / 100,
        c.refundedCents / 100,
        c.rateCents / 100,
      ]),
    ]);

    const history = await user.client.call(campaignHistory);
    const sortRows = (rows: (string | number)[][]) =>
      rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    expect(
      [
        history.status,
        sortRows(
          answerOf(history).data.map((h) => [
            h.profile_id,
            h.clicks_purchased,
            h.remaining_clicks,
            h.clicks_count,
            h.total_spent,
            h.amount_deposit,
          ]),
        ),
      ],
      this.where(),
    ).toEqual([200, sortRows(this.endings.filter((e) => e.owner === user).map((e) => e.row))]);

    const transactions = await this.post<{ data: ListedTransaction[] }>(
      user.client,
      '/api/get-all-user-transactions',
      { action: 'all' },
    );
    expect([transactions.status, transactions.body.data], this.where()).toEqual([
      200,
      this.book.deposits
        .filter((d) => d.owner === user && d.status !== 'deleted')
        .sort((a, b) => b.created!.id - a.created!.id)
        .map(listedTransactionOf),
    ]);
    this.count('views checked', 1);
    await this.check();
  }

  // ---- after every step ----

  /**
   * The figures of every answer that shows them (the list for cards and rows, the tracker's
   * profile-ad-details, the history) hold their identities (figure-identities.ts), the tracker
   * answers what the list does, and the history with the active periods adds up to what the
   * ledger billed the advertiser.
   */
  private async checkFigures(user: UserModel): Promise<void> {
    const list = await user.client.call(boughtAdsByClient);
    const history = await user.client.call(campaignHistory);
    for (const campaign of answerOf(list).data) {
      const tracker = await user.client.call(profileAdDetails, {
        username: campaign.profile_id,
      });
      expect(answerOf(tracker).user, this.where()).toEqual(campaign);
    }
    const [ledger] = await this.world.db.query<{ taken: number }>(
      `SELECT (-COALESCE(SUM(amount_cents), 0))::bigint AS taken FROM ledger_entries
        WHERE user_id = $1 AND kind LIKE 'campaign-%'`,
      [user.id],
    );
    const held = answerOf(list)
      .data.filter((c) => c.status)
      .reduce((sum, c) => sum + toCents(c.amount_remaining), 0);
    expect(
      figureViolations(answerOf(list).data, answerOf(history).data, Number(ledger!.taken) - held),
      this.where(),
    ).toEqual([]);
    await this.checkStatement(user);
    await this.checkRangeFigures(user);
  }

  /**
   * Issue 35 point 2: each billed click counts once, in its own period: over all time (a half-hour
   * zone) the history entries and the active campaigns add up to the dashboard's spend and clicks.
   */
  private async checkRangeFigures(user: UserModel): Promise<void> {
    const range = { range: 'all', time_zone: 'Asia/Kolkata' } as const;
    const dashboard = answerOf(await user.client.call(accountStats, range)).totals;
    const figures = answerOf(await user.client.call(campaignsInRange, range));
    const active = await this.world.db.query<{ id: number }>(
      'SELECT id FROM campaigns WHERE user_id = $1 AND status',
      [user.id],
    );
    const activeIds = new Set(active.map((row) => Number(row.id)));
    const periods = [...figures.history, ...figures.campaigns.filter((c) => activeIds.has(c.id))];
    expect(
      {
        clicks: periods.reduce((sum, p) => sum + p.clicks, 0),
        cents: periods.reduce((sum, p) => sum + toCents(p.spend), 0),
      },
      this.where(),
    ).toEqual({ clicks: dashboard.clicks, cents: toCents(dashboard.spend) });
  }

  /**
   * Issue 35: All time's statement (a half-hour zone) opens at 0 and closes on the balance, each row's
   * balance after it runs from the row before, and every campaign row names its campaign, also after
   * the campaign was deleted or replaced.
   */
  private async checkStatement(user: UserModel): Promise<void> {
    const rows: StatementRow[] = [];
    let cursor: string | undefined;
    let closing = 0;
    do {
      const page = answerOf(
        await user.client.call(accountStatement, {
          range: 'all',
          time_zone: 'Asia/Kolkata',
          cursor,
        }),
      );
      expect(page.opening_balance, this.where()).toBe(0);
      rows.push(...page.rows);
      closing = page.closing_balance;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(toCents(closing), this.where()).toBe(user.balanceCents);
    let balance = 0;
    for (const row of rows) {
      balance += toCents(row.amount);
      expect(toCents(row.balance_after), this.where()).toBe(balance);
      if (['campaign_funded', 'top_up', 'refund'].includes(row.kind)) {
        expect(row.concerns.campaign, this.where()).not.toBeNull();
      }
    }
    expect(balance, this.where()).toBe(user.balanceCents);
  }

  private async check(): Promise<void> {
    // Inside a burst the other copies may still be running: checked when all have answered.
    if (this.bursting) return;
    const { db } = this.world;
    expect(await moneyInvariantViolations(db), this.where()).toEqual([]);
    for (const user of this.users) await this.checkFigures(user);
    const ids = this.users.map((u) => u.id);
    const balances = await db.query<{ id: number; balance: number }>(
      'SELECT id, balance_cents AS balance FROM users WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(
      balances.map((row) => [Number(row.id), Number(row.balance)]),
      this.where(),
    ).toEqual([...this.users].sort((a, b) => a.id - b.id).map((u) => [u.id, u.balanceCents]));

    const campaigns = await db.query<Record<string, number | string | boolean>>(
      `SELECT user_id, profile_username, status, amount_deposit_cents, billed_cents, refunded_cents,
              amount_remaining_cents, remaining_clicks, clicks_count
         FROM campaigns WHERE user_id = ANY($1::bigint[])
        ORDER BY user_id, profile_username`,
      [ids],
    );
    const row = (c: CampaignModel) => [
      c.owner.id,
      c.profile,
      c.active,
      c.fundedCents,
      c.billedCents,
      c.refundedCents,
      c.remainingCents,
      c.remainingClicks,
      c.clicksCount,
    ];
    expect(
      campaigns.map((c) =>
        [
          c.user_id,
          c.profile_username,
          c.status,
          c.amount_deposit_cents,
          c.billed_cents,
          c.refunded_cents,
          c.amount_remaining_cents,
          c.remaining_clicks,
          c.clicks_count,
        ].map((value) =>
          typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
        ),
      ),
      this.where(),
    ).toEqual(
      [...this.campaigns.values()]
        .sort((a, b) => a.owner.id - b.owner.id || (a.profile < b.profile ? -1 : 1))
        .map(row),
    );

    const deposits = await db.query<Record<string, string | number | boolean>>(
      `SELECT id, status, origin, late, amount_cents, expected_units::text AS expected,
              received_units::text AS received, credited_cents
         FROM deposits WHERE user_id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    expect(
      deposits.map((d) => [
        Number(d.id),
        d.status,
        d.origin,
        d.late,
        Number(d.amount_cents),
        d.expected,
        d.received,
        Number(d.credited_cents),
      ]),
      this.where(),
    ).toEqual(
      this.book.deposits
        .filter((d) => d.status !== 'deleted')
        .sort((a, b) => a.created!.id - b.created!.id)
        .map((d) => [
          d.created!.id,
          d.status,
          d.origin,
          d.late,
          d.cents,
          d.units.toString(),
          d.receivedUnits.toString(),
          d.creditedCents,
        ]),
    );

    // Every click of the run in the hourly roll-ups, billed, unbilled or invalid by reason.
    const hours = await db.query<Record<string, string | number>>(
      `SELECT profile_key, sum(billed)::int AS billed, sum(billed_cents)::bigint AS billed_cents,
              sum(unbilled)::int AS unbilled, sum(bot)::int AS bot, sum(unidentified)::int AS unidentified,
              sum(double_click)::int AS double_click,
              sum(daily_cap)::int AS daily_cap, sum(not_placed)::int AS not_placed,
              sum(too_old)::int AS too_old, sum(future)::int AS future
         FROM click_hours WHERE profile_key = ANY($1::text[]) GROUP BY profile_key`,
      [this.profiles],
    );
    expect(
      hours
        .map((h) => [
          h.profile_key,
          ...[h.billed, h.billed_cents, h.unbilled, h.bot, h.unidentified].map(Number),
          ...[h.double_click, h.daily_cap].map(Number),
          ...[h.not_placed, h.too_old, h.future].map(Number),
        ])
        .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1)),
      this.where(),
    ).toEqual(
      [...this.clickBook.perProfile]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([profile, c]) => [
          profile,
          ...[
            c.billed,
            c.billedCents,
            c.unbilled,
            c.bot,
            c.unidentified,
            c.doubleClick,
            c.dailyCap,
          ],
          ...[c.notPlaced, c.tooOld, c.future],
        ]),
    );

    // Each transfer of the run: not seen before the watcher's next pass, then credited once.
    const { payments } = this.book;
    const transfers = await db.query<Record<string, string | number>>(
      `SELECT tx_hash, state, credited_cents, deposit_id, user_id FROM chain_transfers
        WHERE tx_hash = ANY($1::text[]) ORDER BY tx_hash`,
      [payments.map((payment) => payment.hash)],
    );
    expect(
      transfers.map((t) => [
        t.tx_hash,
        t.state,
        Number(t.credited_cents),
        Number(t.deposit_id),
        Number(t.user_id),
      ]),
      this.where(),
    ).toEqual(
      payments
        .filter((payment) => payment.credit)
        .sort((a, b) => (a.hash < b.hash ? -1 : 1))
        .map(({ hash, credit, owner }) => [
          hash,
          'credited',
          credit!.cents,
          credit!.deposit.created!.id,
          owner.id,
        ]),
    );
  }
}
