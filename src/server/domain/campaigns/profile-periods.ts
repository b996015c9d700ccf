import type { Reader } from '../../db/db';
import type { EarlierPackages } from '../../../shared/contract/campaigns';

/**
 * Issue 35 point 6: a profile's figures follow the profile, not the campaign row. A New Package
 * replaces the profile's campaign (a new id, the old row deleted, its history entries kept with the
 * old id), so the tracker's All time and lifetime chart read the roll-ups of every campaign the
 * advertiser had on the profile: the current one and the earlier ones its history entries name. A
 * reactivation with the same package keeps the campaign's id: nothing earlier to add. Another
 * advertiser's campaigns on the profile are never among them (the entries are the advertiser's).
 */
export interface ProfileCampaigns {
  /** The current campaign's id first, then the earlier packages' (roll-ups are keyed by these). */
  ids: number[];
  /** When the first of them began: the earliest period's start, or the current one's creation. */
  firstAt: Date;
  /** The earlier packages' periods (one per history entry). */
  earlier: { id: number; start: Date; end: Date }[];
}

export async function profileCampaigns(
  db: Reader,
  userId: number,
  current: { id: number; profile_username: string; created_at: Date },
): Promise<ProfileCampaigns> {
  const rows = await db.query<{ campaign_id: number | string; start_date: Date; end_date: Date }>(
    `SELECT campaign_id, start_date, end_date FROM campaign_history
      WHERE user_id = $1 AND lower(profile_username) = lower($2)
        AND campaign_id IS NOT NULL AND campaign_id <> $3`,
    [userId, current.profile_username, current.id],
  );
  const earlier = rows.map((row) => ({
    id: Number(row.campaign_id),
    start: new Date(row.start_date),
    end: new Date(row.end_date),
  }));
  const firstAt = Math.min(
    new Date(current.created_at).getTime(),
    ...earlier.map(({ start }) => start.getTime()),
  );
  return {
    ids: [Number(current.id), ...new Set(earlier.map(({ id }) => id))],
    firstAt: new Date(firstAt),
    earlier,
  };
}

/**
 * The earlier packages with a period in [start, end) (all of them without bounds): how many, and
 * since when the first of those ran; undefined when none.
 */
export function earlierPackagesIn(
  { earlier }: ProfileCampaigns,
  start?: string,
  end?: string,
): EarlierPackages | undefined {
  const from = start === undefined ? -Infinity : Date.parse(start);
  const to = end === undefined ? Infinity : Date.parse(end);
  const overlapping = earlier.filter(
    (period) => period.start.getTime() < to && period.end.getTime() >= from,
  );
  if (overlapping.length === 0) return undefined;
  return {
    count: new Set(overlapping.map(({ id }) => id)).size,
    since: new Date(Math.min(...overlapping.map(({ start }) => start.getTime()))).toISOString(),
  };
}
