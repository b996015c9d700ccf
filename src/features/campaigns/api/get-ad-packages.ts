import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdPackagesResponse } from '../../../shared/contract/campaigns';
import { apiGet } from '../../../lib/api';

/** GET /api/all/ad-packages: the four packages of spec §9 (rates in dollars per click). */
export async function getAdPackages() {
  return (await apiGet('all/ad-packages', AdPackagesResponse)).data;
}

export const adPackagesQueryOptions = queryOptions({
  queryKey: ['ad-packages'],
  queryFn: getAdPackages,
  staleTime: 60 * 60 * 1000,
});

export function useAdPackages() {
  return useQuery(adPackagesQueryOptions);
}
