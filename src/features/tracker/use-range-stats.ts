import { useQuery } from '@tanstack/react-query';
import { trackerRefresh } from '@/entities/campaign/api/tracker-refresh';
import { campaignStatsQueryOptions } from '@/entities/stats/api/get-stats';
import { useChosenRange } from '@/entities/stats/range-store';

/** The campaign's figures in the chosen range, refreshed with the tracker's data (tracker-refresh.ts). */
export function useRangeStats(username: string) {
  const range = useChosenRange();
  return useQuery({
    ...campaignStatsQueryOptions(username, range),
    ...trackerRefresh,
  });
}
