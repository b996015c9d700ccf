import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/db';
import { readCachePerDb } from '../db/read-cache';
import {
  AssignAdPackageBody,
  ExpireAdPackageBody,
  NewCampaignBody,
  SearchProfilesBody,
  TopUpCampaignBody,
  UsernameBody,
} from '../../shared/contract/campaigns';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../../shared/constants';
import { dollarsToCents } from '../../shared/money';
import {
  addMoney,
  isProfileAvailable,
  listCategories,
  listPackages,
  MESSAGES,
  openCampaign,
  pauseCampaign,
  removeCampaign,
} from '../domain/campaigns';
import {
  campaignHistory,
  dailyClicks,
  findCampaign,
  listCampaignsJson,
  searchProfiles,
  toAdPackage,
} from '../domain/campaign-views';
import { badRequest, notFound } from '../errors';
import { requireUser, signedInUser } from '../plugins/session';
import { parseBody } from '../validate';

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

/** The campaign calls of spec §7; every one needs a signed-in advertiser and acts on their own data. */
export const campaignRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  // Calls that only read go through db.read: they leave the read cache's kept answers standing
  // (db/read-cache.ts), which every other statement, counted as a write, would drop.
  const { read } = db;
  app.addHook('preHandler', requireUser);

  app.get('/get-all-categories', async () => ({
    success: true,
    categories: (await listCategories(read)).map(({ name, slug }) => ({ name, slug })),
  }));

  app.get('/all/ad-packages', async () => ({
    success: true,
    data: (await listPackages(read)).map(toAdPackage),
  }));

  app.post('/search-profiles', async (request) => {
    const { query } = parseBody(SearchProfilesBody, request.body);
    return { success: true, data: await searchProfiles(read, signedInUser(request).id, query) };
  });

  app.post('/check-model-availability', async (request) => {
    const { username } = parseBody(UsernameBody, request.body);
    if (!(await isProfileAvailable(read, signedInUser(request).id, username))) {
      throw badRequest(MESSAGES.notAvailable);
    }
    return { success: true, message: 'Model is available' };
  });

  app.post('/new-campaign', async (request, reply) => {
    const body = parseBody(NewCampaignBody, request.body);
    const campaign = await openCampaign(
      db,
      signedInUser(request).id,
      {
        username: body.username,
        packageId: body.package_id,
        categoryName: body.category_name,
        amountCents: dollarsToCents(body.amount_deposit),
      },
      dollarsToCents(MIN_CAMPAIGN_DEPOSIT_DOLLARS),
    );
    return reply.status(201).send({
      success: true,
      message: `Campaign for ${campaign.profile_username} created successfully`,
    });
  });

  app.get('/bought-ads-by-client', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await campaignListAnswer(db, signedInUser(request).id)),
  );

  app.get('/user/campaign-history', async (request) => ({
    success: true,
    message: 'Campaign history fetched successfully',
    data: await campaignHistory(read, signedInUser(request).id),
  }));

  app.post('/profile-ad-details', async (request) => {
    const { username } = parseBody(UsernameBody, request.body);
    const campaign = await findCampaign(read, signedInUser(request).id, username);
    if (!campaign) throw notFound(MESSAGES.noCampaign);
    return { success: true, message: 'Campaign fetched successfully', user: campaign };
  });

  app.post('/campaign-daily-clicks', async (request) => {
    const { username } = parseBody(UsernameBody, request.body);
    const data = await dailyClicks(read, signedInUser(request).id, username);
    if (!data) throw notFound(MESSAGES.noCampaign);
    return { success: true, data };
  });

  app.post('/expire-ad-package', async (request) => {
    const { username } = parseBody(ExpireAdPackageBody, request.body);
    const campaign = await pauseCampaign(db, signedInUser(request).id, username);
    return {
      success: true,
      message: `Campaign for ${campaign.profile_username} deactivated successfully`,
    };
  });

  app.post('/top-up-money-deposited', async (request) => {
    const body = parseBody(TopUpCampaignBody, request.body);
    const { campaign, reactivated } = await addMoney(
      db,
      signedInUser(request).id,
      body.username,
      dollarsToCents(body.amount),
    );
    const profile = campaign.profile_username;
    return {
      success: true,
      message: reactivated
        ? `Campaign for ${profile} reactivated and topped up successfully!`
        : `Campaign for ${profile} topped up successfully`,
    };
  });

  app.post('/remove-ad-package', async (request) => {
    const { username } = parseBody(UsernameBody, request.body);
    const profile = await removeCampaign(db, signedInUser(request).id, username);
    return { success: true, message: `Campaign for ${profile} deleted successfully!` };
  });

  app.post('/assign-ad-package', async (request) => {
    const body = parseBody(AssignAdPackageBody, request.body);
    const campaign = await openCampaign(
      db,
      signedInUser(request).id,
      {
        username: body.username,
        packageId: body.package_id,
        categoryName: body.category_name,
        amountCents: dollarsToCents(body.amount_deposit),
      },
      1,
      'reactivated',
    );
    return {
      success: true,
      message: `Campaign for ${campaign.profile_username} reactivated successfully!`,
    };
  });
};
