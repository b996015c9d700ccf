import type { Address } from 'viem';
import { startPartnerSimulator } from '@/dev/partner-simulator';
import { postLedgerEntry } from '@/server/domain/ledger';
import { expireAdPackage, newCampaign } from '@/shared/contract/campaigns';
import { topUpBalance } from '@/shared/contract/deposits';
import { startTestChain, type TestChain } from '../../helpers/anvil';
import {
  answerOf,
  confirmIdentity,
  openTestDatabase,
  registerUser,
  startTestApp,
  type DatabaseKind,
  type TestApp,
  type TestClient,
  type TestDatabase,
  type TestResponse,
} from '../../helpers/server';

/** The partner secret the hostile tests sign with. */
export const HOSTILE_PARTNER_SECRET = 'hostile-partner-secret';

/**
 * A signed-in advertiser with money, one active and one paused campaign, a deposit paid and credited,
 * an open deposit request, notifications.
 */
export interface Advertiser {
  client: TestClient;
  id: number;
  email: string;
  password: string;
  activeProfile: string;
  pausedProfile: string;
  /** The open request (USDT). */
  depositId: number;
  /** A request paid on chain and credited by the watcher (USDC). */
  paidDepositId: number;
  notificationIds: number[];
}

export interface HostileWorld {
  database: TestDatabase;
  server: TestApp;
  /** The advertiser sending the hostile requests. */
  a: Advertiser;
  /** The other advertiser, whose ids and usernames A tries to reach. */
  b: Advertiser;
  /** Catalogue profiles nobody has a campaign on. */
  freeProfile: string;
  close(): Promise<void>;
}

/** $10,000 each: enough for the seeded campaigns, far below the amounts the hostile bodies ask for. */
const GRANT_CENTS = 1_000_000;

/**
 * The whole app on a fresh database, a real anvil chain (deposits) and the partner simulator (partner
 * login answers 401 instead of "unreachable"), with advertisers A and B set up through the API.
 */
export async function startHostileWorld(kind: DatabaseKind): Promise<HostileWorld> {
  const [database, chain, partner] = await Promise.all([
    openTestDatabase(kind),
    startTestChain(),
    startPartnerSimulator({ accounts: [] }),
  ]);
  const server = await startTestApp(
    database.db,
    chain.env({ PARTNER_URL: partner.url, PARTNER_SECRET: HOSTILE_PARTNER_SECRET }),
  );
  const profiles = Array.from(
    { length: 8 },
    (_, i) => `('creator${i}', 'Creator Number ${i}', '/avatars/creator${i}.svg')`,
  );
  await database.db.query(
    `INSERT INTO profiles (username, full_name, avatar) VALUES ${profiles.join(', ')}`,
  );
  const a = await advertiser(server, chain, 'creator1', 'creator2');
  const b = await advertiser(server, chain, 'creator3', 'creator4');
  return {
    database,
    server,
    a,
    b,
    freeProfile: 'creator5',
    close: async () => {
      await server.close();
      await Promise.all([chain.stop(), partner.stop()]);
      await database.close();
    },
  };
}

async function advertiser(
  server: TestApp,
  chain: TestChain,
  activeProfile: string,
  pausedProfile: string,
): Promise<Advertiser> {
  const { client, registration, userId } = await registerUser(server, { verified: true });
  // Issue 32 point 8: two-factor set-up and passkeys answer hostile bodies, not "Confirm it's you".
  await confirmIdentity(client);
  const db = server.app.db;
  await db.transaction((tx) =>
    postLedgerEntry(tx, { userId, amountCents: GRANT_CENTS, kind: 'demo-grant' }),
  );
  for (const username of [activeProfile, pausedProfile]) {
    await expectStatus(
      client.call(newCampaign, { username, package_id: 1, amount_deposit: 200 }),
      201,
    );
  }
  await expectStatus(client.call(expireAdPackage, { username: pausedProfile }), 200);
  const paid = await expectStatus(
    client.call(topUpBalance, { amount: 150, coinType: 'usdc' }),
    201,
  );
  await chain.pay(chain.payers[0]!, {
    coinType: 'usdc',
    to: answerOf(paid, 201).data.to as Address,
    units: BigInt(answerOf(paid, 201).data.amountUnits),
  });
  // Credited now: a hostile verify call, which hurries the watcher, finds nothing left to credit.
  await server.app.depositWatcher!.syncNow();
  const deposit = await expectStatus(
    client.call(topUpBalance, { amount: 150, coinType: 'usdt' }),
    201,
  );
  const notifications = await db.query<{ id: number }>(
    'SELECT id FROM notifications WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return {
    client,
    id: userId,
    email: registration.email,
    password: registration.password,
    activeProfile,
    pausedProfile,
    depositId: answerOf(deposit, 201).data.id,
    paidDepositId: answerOf(paid, 201).data.id,
    notificationIds: notifications.map((row) => Number(row.id)),
  };
}

async function expectStatus<T>(
  pending: Promise<TestResponse<T>>,
  status: number,
): Promise<TestResponse<T>> {
  const response = await pending;
  if (response.status !== status) {
    throw new Error(`setup call answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response;
}

/**
 * What hostile requests must never change: balances, the ledger, campaigns, their history, deposits,
 * the transfers credited for them and the deposit addresses, accounts, tokens, and B's notifications
 * and sessions.
 */
export async function moneyState(world: HostileWorld): Promise<unknown> {
  const { db } = world.database;
  const [
    users,
    ledger,
    campaigns,
    history,
    deposits,
    transfers,
    addresses,
    notifications,
    sessions,
    tokens,
  ] = await Promise.all([
    db.query(
      `SELECT id, username, email, password_hash, is_verified, balance_cents::text AS balance
           FROM users ORDER BY id`,
    ),
    db.query(
      'SELECT count(*)::int AS n, COALESCE(sum(amount_cents), 0)::text AS sum FROM ledger_entries',
    ),
    db.query('SELECT * FROM campaigns ORDER BY id'),
    db.query('SELECT count(*)::int AS n FROM campaign_history'),
    db.query('SELECT * FROM deposits ORDER BY id'),
    db.query('SELECT * FROM chain_transfers ORDER BY id'),
    db.query('SELECT * FROM deposit_addresses ORDER BY user_id'),
    db.query('SELECT * FROM notifications WHERE user_id = $1 ORDER BY id', [world.b.id]),
    db.query('SELECT id_hash, expires_at FROM sessions WHERE user_id = $1 ORDER BY id_hash', [
      world.b.id,
    ]),
    db.query('SELECT count(*)::int AS n FROM auth_tokens'),
  ]);
  return {
    users,
    ledger,
    campaigns,
    history,
    deposits,
    transfers,
    addresses,
    notifications,
    sessions,
    tokens,
  };
}
