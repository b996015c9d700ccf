import * as v from 'valibot';
import { endpoint } from './endpoint';
import { TimeZone } from './time-zone';

/**
 * Issue 36 point 1: the advertiser's time zone, on the account. A daily budget's day and an end date
 * begin at its midnight. UTC until set: the browser's zone at the first sign-in after the change
 * (sent with every write as TIME_ZONE_HEADER), then only here, from the next midnight of the zone in
 * force.
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

export const AccountTimeZone = v.object({
  /** The zone in force now (IANA name). */
  time_zone: v.string(),
  /** Whether it was set (by the browser at sign-in, or on /account): false while UTC by default. */
  chosen: v.boolean(),
  /** A change that takes effect at `from` (ISO instant), the next midnight of the zone in force. */
  next: v.nullable(v.object({ time_zone: v.string(), from: v.string() })),
});
export type AccountTimeZone = v.InferOutput<typeof AccountTimeZone>;

const AccountTimeZoneResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: AccountTimeZone,
});

export const SetTimeZoneBody = v.object({ time_zone: TimeZone });
export type SetTimeZoneBody = v.InferInput<typeof SetTimeZoneBody>;

export const TIME_ZONE_MESSAGES = {
  read: 'Time zone fetched successfully',
  kept: (zone: string) => `Your days already follow ${zone}.`,
  cancelled: (zone: string) => `Your days keep following ${zone}; the change is cancelled.`,
  changes: (zone: string, current: string) =>
    `Your days follow ${zone} from the next midnight in ${current}.`,
} as const;

export const getAccountTimeZone = endpoint({
  method: 'GET',
  path: 'account/time-zone',
  response: AccountTimeZoneResponse,
  access: 'read',
  offline: true,
});

/** The zone from the next midnight of the zone in force; choosing that one cancels a change. */
export const setAccountTimeZone = endpoint({
  method: 'POST',
  path: 'account/time-zone',
  body: SetTimeZoneBody,
  response: AccountTimeZoneResponse,
  access: 'write',
});
