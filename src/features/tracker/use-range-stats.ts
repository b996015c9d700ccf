import { useQuery } from '@tanstack/react-query';
import { TRACKER_REFRESH_MS } from '@/shared/constants';
import { campaignStatsQueryOptions } from '@/entities/stats/api/get-stats';
import { useChosenRange } from '@/entities/stats/range-store';

/** The campaign's figures in the chosen range, refreshed with the tracker's data (spec §2: 30 minutes). */
export function useRangeStats(username: string) {
  const range = useChosenRange();
  return useQuery({
    ...campaignStatsQueryOptions(username, range),
    refetchInterval: TRACKER_REFRESH_MS,
  });
}
