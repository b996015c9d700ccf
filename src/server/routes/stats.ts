import type { FastifyPluginAsync } from 'fastify';
import { accountStats, campaignStats, campaignsInRange } from '../../shared/contract/stats';
import * as stats from '../domain/campaigns/stats';
import { MESSAGES } from '../domain/campaigns/campaigns';
import { notFound } from '../errors';
import { requireUser, signedInUser } from '../plugins/session';
import { route } from '../route';

/**
 * Issue 19: spend and clicks over a date range in the advertiser's time zone; each answer covers the
 * signed-in advertiser's own campaigns only.
 */
export const statsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);

  route(
    app,
    accountStats,
  )(async ({ body, request, db }) => ({
    success: true,
    ...(await stats.accountStats(db, signedInUser(request).id, body)),
  }));

  route(
    app,
    campaignsInRange,
  )(async ({ body, request, db }) => ({
    success: true,
    ...(await stats.campaignsInRange(db, signedInUser(request).id, body)),
  }));

  route(
    app,
    campaignStats,
  )(async ({ body, request, db }) => {
    const { username, ...range } = body;
    const figures = await stats.campaignStats(db, signedInUser(request).id, username, range);
    if (!figures) throw notFound(MESSAGES.noCampaign);
    return { success: true, ...figures };
  });
};
