import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from '../server/db/db';
import { upsertProfiles, type CatalogueProfile } from '../server/domain/campaigns/catalogue';
import { postLedgerEntry } from '../server/domain/ledger';
import { hashPassword } from '../server/domain/auth/passwords';
import { avatarSvg, generateDemoCatalogue } from './demo-catalogue';

/** The demo advertiser: verified, signs in with e-mail and password (spec /login). */
export const DEMO_ADVERTISER = {
  username: 'demo',
  email: 'demo@promoclicks.local',
  password: 'demo-password',
  balanceCents: 100_000,
} as const;

export interface DemoSeedResult {
  /** Catalogue rows inserted now (0 when the catalogue was there already). */
  profilesInserted: number;
  /** True when the demo advertiser was created now. */
  advertiserCreated: boolean;
}

/**
 * Seeds the development data: the generated creator catalogue with its avatars and the demo advertiser
 * with a $1,000.00 grant. Idempotent: what exists is left as it is, so a kept data folder survives restarts.
 * Development only: never called in production.
 */
export async function seedDemoData(db: Db, dataDir: string): Promise<DemoSeedResult> {
  const catalogue = generateDemoCatalogue();
  writeAvatars(resolve(dataDir, 'avatars'), catalogue);
  const profilesInserted = await upsertProfiles(db, catalogue, 'ignore');
  const advertiserCreated = await seedDemoAdvertiser(db);
  return { profilesInserted, advertiserCreated };
}

function writeAvatars(dir: string, catalogue: readonly CatalogueProfile[]): void {
  mkdirSync(dir, { recursive: true });
  for (const profile of catalogue) {
    const file = join(dir, `${profile.username}.svg`);
    if (!existsSync(file)) writeFileSync(file, avatarSvg(profile.username, profile.fullName));
  }
}

async function seedDemoAdvertiser(db: Db): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [
    DEMO_ADVERTISER.email,
  ]);
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_ADVERTISER.password);
  // Account and grant in one transaction: the balance always equals the sum of the ledger rows.
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, is_verified)
       VALUES ($1, $2, $3, true) ON CONFLICT DO NOTHING RETURNING id`,
      [DEMO_ADVERTISER.username, DEMO_ADVERTISER.email, passwordHash],
    );
    const userId = rows[0]?.id;
    if (userId === undefined) return false;
    await postLedgerEntry(tx, {
      userId: Number(userId),
      amountCents: DEMO_ADVERTISER.balanceCents,
      kind: 'demo-grant',
      reference: 'development seed',
    });
    return true;
  });
}
