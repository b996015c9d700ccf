import * as v from 'valibot';
import { endpoint } from './endpoint';

/** Spec §3 Campaign (bought ad). Money in dollars. */
export const Campaign = v.object({
  id: v.number(),
  status: v.boolean(),
  profile_id: v.string(),
  Profile: v.object({
    username: v.string(),
    ProfileDatum: v.object({ full_name: v.string(), avatar: v.string() }),
  }),
  package_id: v.number(),
  package_name: v.string(),
  categories: v.array(v.string()),
  clicks_purchased: v.number(),
  clicks_count: v.nullable(v.number()),
  remaining_clicks: v.number(),
  amount_deposit: v.number(),
  amount_remaining: v.number(),
  amount_refunded: v.number(),
  click_rate: v.number(),
  start_date: v.string(),
  end_date: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Campaign = v.InferOutput<typeof Campaign>;
export const CampaignsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.array(Campaign),
});

/** GET /api/bought-ads-by-client: the advertiser's campaigns, newest first. */
export const boughtAdsByClient = endpoint({
  method: 'GET',
  path: 'bought-ads-by-client',
  response: CampaignsResponse,
  access: 'read',
  offline: true,
});
