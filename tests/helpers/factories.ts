import type { Db } from '@/server/db/db';
import { openCampaign } from '@/server/domain/campaigns/campaigns';
import { postLedgerEntry } from '@/server/domain/ledger';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '@/shared/constants';
import { dollarsToCents } from '@/shared/money';
import { registerUser, type TestApp, type TestClient } from './server';

/**
 * Issue 34 point 1: the entities tests make, written once (bulletproof-react's data generators).
 * Each call makes a new one with unique names; pass what the test cares about.
 */

let made = 0;
const next = () => (made += 1);

/** Grants `cents` to the user through the ledger (a demo grant), as deposits and operators do. */
export async function grant(db: Db, userId: number, cents: number): Promise<void> {
  if (cents <= 0) return;
  await db.transaction((tx) =>
    postLedgerEntry(tx, { userId, amountCents: cents, kind: 'demo-grant' }),
  );
}

/** An account made in the database (no password, no session), holding `balanceCents`. */
export async function accountRow(
  db: Db,
  options: { name?: string; balanceCents?: number } = {},
): Promise<{ id: number; username: string; email: string }> {
  const n = next();
  const username = `${options.name ?? 'adv'}_${n}`;
  const email = `${options.name ?? 'adv'}-${n}@example.com`;
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id',
    [username, email],
  );
  const id = Number(row!.id);
  await grant(db, id, options.balanceCents ?? 0);
  return { id, username, email };
}

/** A registered advertiser signed in through the API (its client), holding `balanceCents`. */
export async function advertiser(
  server: TestApp,
  options: { balanceCents?: number; verified?: boolean } = {},
): Promise<{ client: TestClient; id: number; email: string }> {
  const { client, userId, registration } = await registerUser(server, {
    verified: options.verified,
  });
  await grant(server.app.db, userId, options.balanceCents ?? 0);
  return { client, id: userId, email: registration.email };
}

/** A creator profile on the partner site's catalogue (`username`, shown as its own name). */
export async function profile(db: Db, username = `creator_${next()}`): Promise<string> {
  await db.query("INSERT INTO profiles (username, full_name, avatar) VALUES ($1, $1, '/a.svg')", [
    username,
  ]);
  return username;
}

/**
 * An active campaign of `userId` on `username` (a new profile by default), bought with
 * `amountCents` of package `packageId` (1: Main Categories, $0.80 a click), paid from the balance.
 */
export async function campaign(
  db: Db,
  userId: number,
  options: { username?: string; packageId?: number; amountCents?: number } = {},
): Promise<{ id: number; username: string }> {
  const username = options.username ?? (await profile(db));
  const amountCents = options.amountCents ?? 10_000;
  const opened = await openCampaign(
    db,
    userId,
    { username, packageId: options.packageId ?? 1, amountCents },
    dollarsToCents(MIN_CAMPAIGN_DEPOSIT_DOLLARS),
  );
  return { id: opened.id, username };
}
