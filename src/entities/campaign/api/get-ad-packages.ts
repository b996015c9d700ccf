import { queryOptions, useQuery } from '@tanstack/react-query';
import { allAdPackages } from '@/shared/contract/campaigns';
import { callApi } from '@/lib/api';

/** GET /api/all/ad-packages: the four packages of spec §9 (rates in dollars per click). */
export async function getAdPackages() {
  return (await callApi(allAdPackages)).data;
}

export const adPackagesQueryOptions = queryOptions({
  queryKey: ['ad-packages'],
  queryFn: getAdPackages,
  staleTime: 60 * 60 * 1000,
});

export function useAdPackages() {
  return useQuery(adPackagesQueryOptions);
}
