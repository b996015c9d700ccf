import type { Db, Reader, Writer } from '../../db/db';
import { badRequest, conflict, notFound } from '../../errors';
import { categoryProblem, needsCategory } from '../../../shared/rules/campaign-rules';
import {
  remainingClicksAfterTopUp,
  topUpClicksProblem,
} from '../../../shared/rules/campaign-top-up';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../../../shared/constants';
import { dollarsToCents } from '../../../shared/money';
import { checkExpectedStatus, MESSAGES, type CampaignAction } from './campaign-messages';
import { applySettings, type CampaignSettings } from './campaign-settings';
import type { CampaignRow, PackageRow } from './campaign-rows';
import { postLedgerEntry } from '../ledger';
import { notify, NOTIFICATION_TEXTS } from '../notifications';

/** Campaign rules of design §2. Money in integer cents; the routes convert at the edge. */

export { CAMPAIGN_CHANGED_MESSAGES, MESSAGES } from './campaign-messages';
export type { CampaignRow, PackageRow } from './campaign-rows';
export {
  checkSearchAllowed,
  isProfileAvailable,
  listCategories,
  listPackages,
} from './campaign-reads';

/** Spec §9: every new campaign deposit, a new package on reactivation too. */
const MIN_CAMPAIGN_DEPOSIT_CENTS = dollarsToCents(MIN_CAMPAIGN_DEPOSIT_DOLLARS);

async function findPackage(tx: Reader, packageId: number): Promise<PackageRow> {
  const [pkg] = await tx.query<PackageRow & Record<string, unknown>>(
    'SELECT * FROM ad_packages WHERE id = $1',
    [packageId],
  );
  if (!pkg) throw badRequest(MESSAGES.selectPackage);
  return pkg;
}

/** The slug of package 3's category (the rule in src/shared), or null for the other packages. */
async function resolveCategory(
  tx: Reader,
  pkg: PackageRow,
  categoryName: string | null | undefined,
): Promise<string | null> {
  if (!needsCategory(pkg.id)) return null;
  const name = categoryName?.trim() ?? '';
  const problem = categoryProblem(pkg.id, name);
  if (problem) throw badRequest(problem);
  const [category] = await tx.query<{ slug: string }>(
    'SELECT slug FROM categories WHERE lower(name) = lower($1) OR slug = lower($1)',
    [name],
  );
  if (!category) throw badRequest(MESSAGES.selectCategory);
  return category.slug;
}

async function findListedProfile(tx: Reader, username: string): Promise<string> {
  const [profile] = await tx.query<{ username: string }>(
    'SELECT username FROM profiles WHERE lower(username) = lower($1) AND listed',
    [username],
  );
  if (!profile) throw badRequest(MESSAGES.notAvailable);
  return profile.username;
}

/**
 * Locks the advertiser's campaign on a profile for a write that needs it, after checking the status
 * the screen showed (issue 31). One whose clicks the partner's last batch used up is ended first, as
 * the click billing would end it a moment later (domain/clicks ends it right after the batch, in a
 * transaction of its own): a top-up then reactivates it and a pause finds it ended.
 */
export async function lockCampaign(
  tx: Writer,
  userId: number,
  username: string,
  expected: { status: boolean | undefined; action: CampaignAction },
): Promise<CampaignRow> {
  const campaign = await lockCampaignIfAny(tx, userId, username);
  checkExpectedStatus(campaign, expected.status, expected.action);
  if (!campaign) throw notFound(MESSAGES.noCampaign);
  return campaign;
}

/** Locks the campaign, if any (ending one whose clicks ran out): lockCampaign, or assignPackage. */
async function lockCampaignIfAny(
  tx: Writer,
  userId: number,
  username: string,
): Promise<CampaignRow | undefined> {
  const [campaign] = await tx.query<CampaignRow & Record<string, unknown>>(
    `SELECT * FROM campaigns WHERE user_id = $1 AND lower(profile_username) = lower($2) FOR UPDATE`,
    [userId, username],
  );
  if (campaign?.status && campaign.remaining_clicks === 0) return endOutOfClicks(tx, campaign);
  return campaign;
}

/**
 * Ends, inside the caller's transaction, an active campaign whose purchased clicks are all used: the
 * leftover fraction of a click is refunded, a history entry and the "all clicks used" notification
 * written. The caller holds the campaign's row lock.
 */
export async function endOutOfClicks(tx: Writer, campaign: CampaignRow): Promise<CampaignRow> {
  const ended = await endCampaign(tx, campaign);
  const text = NOTIFICATION_TEXTS.campaignClicksUsed(
    campaign.profile_username,
    campaign.clicks_purchased,
  );
  await notify(tx, campaign.user_id, text);
  return ended;
}

export interface OpenCampaignInput {
  username: string;
  packageId: number;
  categoryName?: string | null;
  amountCents: number;
}

/** A new campaign deposit that passed the rules, ready to be inserted. */
interface Purchase {
  pkg: PackageRow;
  categorySlug: string | null;
  username: string;
  clicks: number;
  amountCents: number;
}

/** The rules a new campaign deposit must pass (spec §5, §9), checked before anything changes. */
async function checkPurchase(
  tx: Reader,
  input: OpenCampaignInput,
  minimumCents: number,
): Promise<Purchase> {
  const pkg = await findPackage(tx, input.packageId);
  const categorySlug = await resolveCategory(tx, pkg, input.categoryName);
  if (input.amountCents < minimumCents) throw badRequest(MESSAGES.minimumDeposit);
  // Past 2^53 cents (and at 1e308 dollars, Infinity) no balance can cover it, nor the database hold it.
  if (!Number.isSafeInteger(input.amountCents)) throw badRequest(MESSAGES.createBalance);
  const username = await findListedProfile(tx, input.username);
  // One package cap for every purchase (design §2): as a top-up of a campaign with nothing left.
  const clicks = remainingClicksAfterTopUp(0, input.amountCents, pkg.click_rate_cents);
  const problem = topUpClicksProblem(clicks, pkg.max_slots);
  if (problem) throw badRequest(problem);
  return { pkg, categorySlug, username, clicks, amountCents: input.amountCents };
}

/**
 * Inserts the campaign and debits its deposit, inside the caller's transaction: a balance that
 * cannot cover it throws, and the caller's transaction undoes the insert.
 */
async function fundCampaign(
  tx: Writer,
  userId: number,
  { pkg, categorySlug, username, clicks, amountCents }: Purchase,
  text: typeof NOTIFICATION_TEXTS.campaignCreated,
): Promise<CampaignRow> {
  const [campaign] = await tx.query<CampaignRow & Record<string, unknown>>(
    `INSERT INTO campaigns (user_id, profile_username, package_id, category_slug, status, click_rate_cents,
                            clicks_purchased, remaining_clicks, amount_deposit_cents, amount_remaining_cents)
     VALUES ($1, $2, $3, $4, true, $5, $6, $6, $7, $7)
     ON CONFLICT (user_id, profile_username) DO NOTHING
     RETURNING *`,
    [userId, username, pkg.id, categorySlug, pkg.click_rate_cents, clicks, amountCents],
  );
  // A parallel request created it first: nothing was debited yet, so nothing to undo.
  if (!campaign) throw conflict(MESSAGES.notAvailable);
  await notify(tx, userId, text(username, pkg.name, clicks, amountCents));
  await postLedgerEntry(
    tx,
    {
      userId,
      amountCents: -amountCents,
      kind: 'campaign-funded',
      reference: `campaign:${campaign.id}`,
    },
    MESSAGES.createBalance,
  );
  return campaign;
}

/**
 * new-campaign: creates a campaign and debits its deposit in one transaction. `minimumCents` is
 * $100 (spec §5, §9); tests set up small campaigns with less.
 */
export async function openCampaign(
  db: Db,
  userId: number,
  input: OpenCampaignInput,
  minimumCents: number,
  settings?: { values: CampaignSettings; now: number },
): Promise<CampaignRow> {
  return db.transaction(async (tx) => {
    const purchase = await checkPurchase(tx, input, minimumCents);
    const [existing] = await tx.query<{ status: boolean }>(
      'SELECT status FROM campaigns WHERE user_id = $1 AND profile_username = $2',
      [userId, purchase.username],
    );
    if (existing)
      throw conflict(existing.status ? MESSAGES.notAvailable : MESSAGES.alreadyHasCampaign);
    const campaign = await fundCampaign(tx, userId, purchase, NOTIFICATION_TEXTS.campaignCreated);
    if (settings) await applySettings(tx, campaign, settings.values, settings.now);
    return campaign;
  });
}

/**
 * assign-ad-package (reactivate, new package; design §2): in one transaction, replaces the
 * advertiser's inactive campaign on the profile with a new one, or opens one when there is none
 * (after a Delete). The old row is locked first; its remaining budget went back to the balance when
 * it ended, so it holds no money and only its row goes (its history entries stay, as on Delete). A
 * new package is a new campaign deposit, at least $100; one that is refused for any reason (rules,
 * balance) rolls the whole transaction back and leaves the old campaign exactly as it was.
 */
export async function assignPackage(
  db: Db,
  userId: number,
  input: OpenCampaignInput,
  expectedStatus?: boolean,
): Promise<{ campaign: CampaignRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const old = await lockCampaignIfAny(tx, userId, input.username);
    checkExpectedStatus(old, expectedStatus, 'new-package');
    const purchase = await checkPurchase(tx, input, MIN_CAMPAIGN_DEPOSIT_CENTS);
    if (old?.status) throw conflict(MESSAGES.notAvailable);
    if (old) await tx.query('DELETE FROM campaigns WHERE id = $1', [old.id]);
    // Issue 31: a profile that never had a campaign of this advertiser gets one created, and is
    // told so, not "reactivated".
    const created =
      !old &&
      (
        await tx.query(
          'SELECT 1 FROM campaign_history WHERE user_id = $1 AND profile_username = $2 LIMIT 1',
          [userId, purchase.username],
        )
      ).length === 0;
    const text = created
      ? NOTIFICATION_TEXTS.campaignCreated
      : NOTIFICATION_TEXTS.campaignNewPackage;
    return { campaign: await fundCampaign(tx, userId, purchase, text), created };
  });
}

/**
 * Adds money to a campaign: a top-up when active, a reactivation with the same package when not.
 * Remaining clicks become floor(remaining / rate), so fractions of a click carry over within the
 * period (design §2). A top-up stays in the current period; a reactivation starts a new one (the
 * contract's Campaign): the ended period is in the history, so its counters start again from the
 * new deposit (nothing remains of the old budget: it was refunded at the ending).
 */
export async function addMoney(
  db: Db,
  userId: number,
  username: string,
  amountCents: number,
  expectedStatus?: boolean,
  settings?: { values: CampaignSettings; now: number },
): Promise<{ campaign: CampaignRow; reactivated: boolean }> {
  return db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, userId, username, {
      status: expectedStatus,
      action: expectedStatus === false ? 'reactivate' : 'top-up',
    });
    const pkg = await findPackage(tx, campaign.package_id);
    const reactivated = !campaign.status;
    if (reactivated) await findListedProfile(tx, campaign.profile_username);
    const remainingCents = Number(campaign.amount_remaining_cents) + amountCents;
    const remainingClicks = remainingClicksAfterTopUp(
      Number(campaign.amount_remaining_cents),
      amountCents,
      campaign.click_rate_cents,
    );
    const problem = topUpClicksProblem(remainingClicks, pkg.max_slots);
    if (problem) throw badRequest(problem);
    await postLedgerEntry(
      tx,
      {
        userId,
        amountCents: -amountCents,
        kind: 'campaign-topped-up',
        reference: `campaign:${campaign.id}`,
      },
      MESSAGES.amountBalance,
    );
    const [updated] = await tx.query<CampaignRow & Record<string, unknown>>(
      reactivated
        ? `UPDATE campaigns
              SET amount_deposit_cents = $2, amount_remaining_cents = $3, remaining_clicks = $4,
                  clicks_purchased = $4, clicks_count = 0, billed_cents = 0, refunded_cents = 0,
                  status = true, start_date = now(), end_date = NULL, updated_at = now(),
                  -- An end date passed is not carried into the new period (issue 36).
                  ends_on = CASE WHEN ends_at > now() THEN ends_on END,
                  ends_at = CASE WHEN ends_at > now() THEN ends_at END
            WHERE id = $1
            RETURNING *`
        : `UPDATE campaigns
              SET amount_deposit_cents = amount_deposit_cents + $2, amount_remaining_cents = $3,
                  remaining_clicks = $4, clicks_purchased = clicks_count + $4, updated_at = now()
            WHERE id = $1
            RETURNING *`,
      [campaign.id, amountCents, remainingCents, remainingClicks],
    );
    if (reactivated) {
      const text = NOTIFICATION_TEXTS.campaignReactivated(
        campaign.profile_username,
        amountCents,
        remainingClicks,
      );
      await notify(tx, userId, text);
    }
    if (settings) await applySettings(tx, updated!, settings.values, settings.now);
    return { campaign: updated!, reactivated };
  });
}

/**
 * Ends an active campaign inside the caller's transaction: what is left of its budget goes back to
 * the balance at once, and one history entry records the period that ends (design §2; the
 * contract's Campaign and CampaignHistoryEntry). The clicks not used stay in remaining_clicks as the
 * clicks refunded, so clicks_purchased = clicks_count + remaining_clicks holds after the ending too.
 */
export async function endCampaign(tx: Writer, campaign: CampaignRow): Promise<CampaignRow> {
  const refundCents = Number(campaign.amount_remaining_cents);
  if (refundCents > 0) {
    await postLedgerEntry(tx, {
      userId: Number(campaign.user_id),
      amountCents: refundCents,
      kind: 'campaign-refund',
      reference: `campaign:${campaign.id}`,
    });
  }
  const [ended] = await tx.query<CampaignRow & Record<string, unknown>>(
    `UPDATE campaigns
        SET status = false, end_date = now(), refunded_cents = refunded_cents + amount_remaining_cents,
            amount_remaining_cents = 0, updated_at = now()
      WHERE id = $1
      RETURNING *`,
    [campaign.id],
  );
  await tx.query(
    `INSERT INTO campaign_history (user_id, campaign_id, profile_username, package_id, package_name, categories,
                                   total_clicks_purchased, clicks_purchased, remaining_clicks, clicks_count,
                                   total_spent_cents, amount_deposit_cents, click_rate_cents, start_date, end_date)
     SELECT c.user_id, c.id, c.profile_username, c.package_id, p.name,
            CASE WHEN c.category_slug IS NULL THEN p.categories ELSE ARRAY[cat.name] END,
            c.clicks_purchased, c.clicks_purchased, c.remaining_clicks, c.clicks_count, c.billed_cents,
            c.amount_deposit_cents, c.click_rate_cents, c.start_date, c.end_date
       FROM campaigns c
       JOIN ad_packages p ON p.id = c.package_id
       LEFT JOIN categories cat ON cat.slug = c.category_slug
      WHERE c.id = $1`,
    [campaign.id],
  );
  return ended!;
}

/**
 * Pause (expire-ad-package): status false, end date now, remaining budget refunded. `refund_cents`
 * is what went back to the balance: the dialog could only say "about" (clicks may be billed up to
 * the press), the answer says exactly (issue 31).
 */
export async function pauseCampaign(
  db: Db,
  userId: number,
  username: string,
  expectedStatus?: boolean,
): Promise<CampaignRow & { refund_cents: number }> {
  return db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, userId, username, {
      status: expectedStatus,
      action: 'pause',
    });
    if (!campaign.status) throw badRequest(MESSAGES.notActive);
    const refundCents = Number(campaign.amount_remaining_cents);
    await notify(
      tx,
      userId,
      NOTIFICATION_TEXTS.campaignPaused(campaign.profile_username, refundCents),
    );
    return { ...(await endCampaign(tx, campaign)), refund_cents: refundCents };
  });
}

/** Delete (remove-ad-package): only an inactive campaign; its history entries stay. */
export async function removeCampaign(
  db: Db,
  userId: number,
  username: string,
  expectedStatus?: boolean,
): Promise<string> {
  return db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, userId, username, {
      status: expectedStatus,
      action: 'delete',
    });
    if (campaign.status) throw badRequest(MESSAGES.deleteActive);
    await tx.query('DELETE FROM campaigns WHERE id = $1', [campaign.id]);
    return campaign.profile_username;
  });
}
