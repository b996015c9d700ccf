import * as v from 'valibot';
import type { InvalidClickReason } from '../invalid-clicks';
import { CategoriesResponse } from './campaigns';
import { endpoint } from './endpoint';

/** Partner-facing calls (design §5), signed with HMAC-SHA256; not used by the dashboard client. */
export const MAX_CLICK_BATCH = 1000;

/**
 * A click's id is a UUIDv7 (RFC 9562) the partner makes when the click happens: its first 48 bits are
 * the click's time in milliseconds. The click log is kept by the day of that time (design §5), so an
 * id lands on the same day however often it is re-sent, with whatever `at`; an id whose time is older
 * than the accept window (or in the future) is refused as such, and the log is kept longer than that
 * window, so an id is billed at most once, ever.
 */
// Both cases spelled out rather than the i flag: the pattern is also the OpenAPI document's, and JSON
// Schema patterns take no flags.
export const CLICK_ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;

export const ClickEventInput = v.object({
  id: v.pipe(
    v.string('Each click needs an id'),
    v.nonEmpty('Each click needs an id'),
    v.regex(CLICK_ID_PATTERN, 'Each click id must be a UUIDv7 made when the click happened'),
    v.description(
      "The event's id: a UUIDv7 made when the click happened (its time decides the day it is kept under). Billed at most once, however often it is sent.",
    ),
  ),
  username: v.pipe(
    v.string('Each click needs a username'),
    v.nonEmpty('Each click needs a username'),
    v.maxLength(100),
    v.description('The clicked profile, as placed (any case).'),
  ),
  at: v.pipe(
    v.string('Each click needs a time'),
    v.isoTimestamp('Each click time must be an ISO 8601 timestamp'),
    // ISO 8601 allows forms (an offset of hours alone, +05) that a Date cannot read.
    v.check(
      (at) => Number.isFinite(Date.parse(at)),
      'Each click time must be an ISO 8601 timestamp',
    ),
    v.description(
      'When the visitor clicked. Clicks dated in the future or older than the accept window (7 days by default) are invalid, never billed.',
    ),
  ),
  visitor_id: v.optional(
    v.pipe(
      v.string('A visitor id must be text'),
      v.maxLength(200, 'A visitor id has at most 200 characters'),
      v.description(
        "The partner's opaque, stable id of the visitor (a cookie, a signed-in user). The same visitor clicking the same profile again within the double-click window, or more than the daily cap, is not billed. Optional, but a click with neither visitor_id nor ip is invalid (unidentified), whatever its user agent, unless the server allows them for a partner that cannot send either.",
      ),
    ),
  ),
  user_agent: v.optional(
    v.pipe(
      v.string('A user agent must be text'),
      v.maxLength(1000, 'A user agent has at most 1000 characters'),
      v.description(
        "The visitor's User-Agent header. Clicks from known crawlers and bots are not billed. Optional.",
      ),
    ),
  ),
  ip: v.optional(
    v.pipe(
      v.string('An address must be text'),
      v.maxLength(200, 'An address has at most 200 characters'),
      v.description(
        "The visitor's IP address, or a keyed hash of it (the same address always giving the same text). Used for the daily cap per address, and as the visitor when visitor_id is missing; kept only as a keyed hash. Optional, but a click with neither visitor_id nor ip is invalid (unidentified).",
      ),
    ),
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

/** Why a click was not billed although its id was new (design §5): shared/invalid-clicks.ts. */
export { INVALID_CLICK_REASONS, type InvalidClickReason } from '../invalid-clicks';

const count = (description: string) =>
  v.pipe(v.number(), v.integer(), v.minValue(0), v.description(description));

/** Each reason's count, described for partners (every reason of shared/invalid-clicks.ts). */
export const InvalidClickCounts = v.object({
  bot: count('From a known crawler or bot (by its user agent).'),
  unidentified: count(
    'Sent with neither visitor_id nor ip (an empty one counts as none), whatever the user agent: no visitor rule could judge it. Billed instead where the server allows such clicks (CLICK_ALLOW_UNIDENTIFIED, for a partner that cannot send either).',
  ),
  doubleClick: count(
    'The same visitor clicked the same profile again within the double-click window (60 s by default).',
  ),
  dailyCap: count(
    "Past the daily cap of clicks from one visitor or address on one profile (in the UTC day of the click's id).",
  ),
  notPlaced: count("On a profile we did not promote at the click's time."),
  tooOld: count(
    'Dated (by `at` or by its id) before the accept window (7 days by default). Not kept.',
  ),
  future: count('Dated (by `at` or by its id) in the future. Not kept.'),
} satisfies Record<InvalidClickReason, v.GenericSchema<number>>);

/** How a batch was taken: each event id is billed at most once, however often it is sent. */
export const ClickBatchResponse = v.object({
  success: v.literal(true),
  received: count('Events in the batch.'),
  duplicates: count('Ids recorded before (or twice in the batch): nothing new.'),
  billed: count('Valid clicks charged to a campaign.'),
  unbilled: count(
    'Valid clicks on a promoted profile whose campaign had no purchased click left, had ended on its end date, or had spent its daily budget: recorded, never billed.',
  ),
  budgetReached: count(
    "Of the unbilled, those whose campaigns had each spent their daily budget for the click's day (in the advertiser's time zone).",
  ),
  invalid: count('Clicks not billed because they are invalid: the sum of invalidReasons.'),
  invalidReasons: InvalidClickCounts,
  endedCampaigns: count('Campaigns this batch used up, ended at once.'),
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
