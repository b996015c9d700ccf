import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/db';
import { readCachePerDb } from '../db/read-cache';
import { boughtAdsByClient } from '../../shared/contract/campaign';
import {
  allAdPackages,
  assignAdPackage,
  campaignDailyClicks,
  campaignHistory as campaignHistoryCall,
  checkModelAvailability,
  expireAdPackage,
  getAllCategories,
  newCampaign,
  profileAdDetails,
  removeAdPackage,
  searchProfiles as searchProfilesCall,
  topUpMoneyDeposited,
  updateCampaignSettings as updateCampaignSettingsCall,
} from '../../shared/contract/campaigns';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../../shared/constants';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import {
  addMoney,
  assignPackage,
  checkSearchAllowed,
  isProfileAvailable,
  listCategories,
  listPackages,
  MESSAGES,
  openCampaign,
  pauseCampaign,
  removeCampaign,
} from '../domain/campaigns/campaigns';
import {
  SETTINGS_MESSAGES,
  updateCampaignSettings,
  type CampaignSettings,
} from '../domain/campaigns/campaign-settings';
import {
  campaignHistory,
  dailyClicks,
  findCampaign,
  listCampaignsJson,
  searchProfiles,
  toAdPackage,
} from '../domain/campaigns/campaign-views';
import { badRequest, notFound } from '../errors';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/** bought-ads-by-client answers by user id, about 0.5 kB per campaign (db/read-cache.ts). */
const campaignListAnswers = readCachePerDb<Buffer>(500);

/**
 * The hottest read, kept as the bytes sent: the database's JSON text goes out as it is (never parsed
 * and re-serialized), and a kept answer is not even encoded again.
 */
function campaignListAnswer(db: Db, userId: number): Promise<Buffer> {
  return campaignListAnswers(db).get(String(userId), async (read) =>
    Buffer.from(
      `{"success":true,"message":"Campaigns fetched successfully","data":${await listCampaignsJson(read, userId)}}`,
    ),
  );
}

/** The campaign a new-campaign or assign-ad-package body buys. */
function purchase(body: {
  username: string;
  package_id: number;
  category_name?: string | null;
  amount_deposit: number;
}) {
  return {
    username: body.username,
    packageId: body.package_id,
    categoryName: body.category_name,
    amountCents: dollarsToCents(body.amount_deposit),
  };
}

/** A body's daily budget (dollars) and end date as the domain takes them: left out stays. */
function settingsOf(body: {
  daily_budget?: number | null;
  ends_on?: string | null;
}): CampaignSettings {
  return {
    dailyBudgetCents:
      body.daily_budget == null ? body.daily_budget : dollarsToCents(body.daily_budget),
    endsOn: body.ends_on,
  };
}

/** The campaign calls of spec §7; every one needs a signed-in advertiser and acts on their own data. */
export const campaignRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);

  route(
    app,
    getAllCategories,
  )(async ({ db }) => ({
    success: true,
    categories: await listCategories(db),
  }));

  route(
    app,
    allAdPackages,
  )(async ({ db }) => ({
    success: true,
    data: (await listPackages(db)).map(toAdPackage),
  }));

  route(
    app,
    searchProfilesCall,
  )(async ({ body, request, db }) => {
    const userId = signedInUser(request).id;
    await checkSearchAllowed(db, userId);
    return { success: true, data: await searchProfiles(db, userId, body.query) };
  });

  route(
    app,
    checkModelAvailability,
  )(async ({ body, request, db }) => {
    if (!(await isProfileAvailable(db, signedInUser(request).id, body.username))) {
      throw badRequest(MESSAGES.notAvailable);
    }
    return { success: true, message: 'Model is available' };
  });

  route(
    app,
    newCampaign,
  )(async ({ body, request, reply, db }) => {
    const campaign = await openCampaign(
      db,
      signedInUser(request).id,
      purchase(body),
      dollarsToCents(MIN_CAMPAIGN_DEPOSIT_DOLLARS),
      { values: settingsOf(body), now: app.now() },
    );
    reply.status(201);
    return {
      success: true,
      message: `Campaign for ${campaign.profile_username} created successfully`,
    };
  });

  route(
    app,
    boughtAdsByClient,
  )(async ({ request, reply }) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await campaignListAnswer(app.db, signedInUser(request).id)),
  );

  route(
    app,
    campaignHistoryCall,
  )(async ({ request, db }) => ({
    success: true,
    message: 'Campaign history fetched successfully',
    data: await campaignHistory(db, signedInUser(request).id),
  }));

  route(
    app,
    profileAdDetails,
  )(async ({ body, request, db }) => {
    const campaign = await findCampaign(db, signedInUser(request).id, body.username);
    if (!campaign) throw notFound(MESSAGES.noCampaign);
    return { success: true, message: 'Campaign fetched successfully', user: campaign };
  });

  route(
    app,
    campaignDailyClicks,
  )(async ({ body, request, db }) => {
    const clicks = await dailyClicks(db, signedInUser(request).id, body.username, body.time_zone);
    if (!clicks) throw notFound(MESSAGES.noCampaign);
    return { success: true, ...clicks };
  });

  route(
    app,
    expireAdPackage,
  )(async ({ body, request, db }) => {
    const campaign = await pauseCampaign(
      db,
      signedInUser(request).id,
      body.username,
      body.expected_status,
    );
    return {
      success: true,
      message: `Campaign for ${campaign.profile_username} deactivated successfully`,
      refunded_amount: centsToDollars(campaign.refund_cents),
    };
  });

  route(
    app,
    topUpMoneyDeposited,
  )(async ({ body, request, db }) => {
    const { campaign, reactivated } = await addMoney(
      db,
      signedInUser(request).id,
      body.username,
      dollarsToCents(body.amount),
      body.expected_status,
      { values: { dailyBudgetCents: settingsOf(body).dailyBudgetCents }, now: app.now() },
    );
    const profile = campaign.profile_username;
    return {
      success: true,
      message: reactivated
        ? `Campaign for ${profile} reactivated and topped up successfully!`
        : `Campaign for ${profile} topped up successfully`,
    };
  });

  route(
    app,
    updateCampaignSettingsCall,
  )(async ({ body, request, db }) => {
    const saved = await updateCampaignSettings(
      db,
      signedInUser(request).id,
      body.username,
      settingsOf(body),
      app.now(),
    );
    return {
      success: true,
      message: SETTINGS_MESSAGES.saved,
      data: {
        daily_budget:
          saved.dailyBudgetCents === null ? null : centsToDollars(saved.dailyBudgetCents),
        ends_on: saved.endsOn,
      },
    };
  });

  route(
    app,
    removeAdPackage,
  )(async ({ body, request, db }) => {
    const profile = await removeCampaign(
      db,
      signedInUser(request).id,
      body.username,
      body.expected_status,
    );
    return { success: true, message: `Campaign for ${profile} deleted successfully!` };
  });

  route(
    app,
    assignAdPackage,
  )(async ({ body, request, db }) => {
    const { campaign, created } = await assignPackage(
      db,
      signedInUser(request).id,
      purchase(body),
      body.expected_status,
    );
    const profile = campaign.profile_username;
    return {
      success: true,
      message: created
        ? `Campaign for ${profile} created successfully`
        : `Campaign for ${profile} reactivated successfully!`,
    };
  });
};
