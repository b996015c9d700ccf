import * as v from 'valibot';
import { CategoriesResponse } from './campaigns';
import { endpoint } from './endpoint';

/** Partner-facing calls (design §5), signed with HMAC-SHA256; not used by the dashboard client. */
export const MAX_CLICK_BATCH = 1000;

export const ClickEventInput = v.object({
  id: v.pipe(
    v.string('Each click needs an id'),
    v.nonEmpty('Each click needs an id'),
    v.maxLength(100),
  ),
  username: v.pipe(
    v.string('Each click needs a username'),
    v.nonEmpty('Each click needs a username'),
    v.maxLength(100),
  ),
  at: v.pipe(
    v.string('Each click needs a time'),
    v.isoTimestamp('Each click time must be an ISO 8601 timestamp'),
  ),
});

export const ClickBatchBody = v.object({
  events: v.pipe(
    v.array(ClickEventInput, 'events must be a list'),
    v.minLength(1, 'A batch needs at least one click'),
    v.maxLength(MAX_CLICK_BATCH, `A batch holds at most ${MAX_CLICK_BATCH} clicks`),
  ),
});
export type ClickBatchBody = v.InferInput<typeof ClickBatchBody>;

/** The profiles to promote now in a category (`?category=slug`), in rank order (design §2 ranks). */
export const PlacementsResponse = v.object({
  success: v.literal(true),
  data: v.array(
    v.object({
      rank: v.number(),
      username: v.string(),
      full_name: v.string(),
      avatar: v.string(),
      package_id: v.number(),
      ad_icon: v.boolean(),
      popup_ads: v.boolean(),
    }),
  ),
});

/** How a batch was taken: each event id is billed at most once, however often it is sent. */
export const ClickBatchResponse = v.object({
  success: v.literal(true),
  received: v.number(),
  duplicates: v.number(),
  billed: v.number(),
  unbilled: v.number(),
  endedCampaigns: v.number(),
});

export const partnerCategories = endpoint({
  method: 'GET',
  path: 'partner/categories',
  response: CategoriesResponse,
  access: 'read',
});

export const partnerPlacements = endpoint({
  method: 'GET',
  path: 'partner/placements',
  response: PlacementsResponse,
  access: 'read',
});

export const partnerClicks = endpoint({
  method: 'POST',
  path: 'partner/clicks',
  body: ClickBatchBody,
  response: ClickBatchResponse,
  access: 'write',
});
