import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchProfiles as searchProfilesCall } from '@/shared/contract/campaigns';
import { callApi } from '@/lib/api';

/** POST /api/search-profiles: up to 100 best matches (the client pages them). */
export async function searchProfiles(query: string) {
  return (await callApi(searchProfilesCall, { query })).data;
}

export const searchProfilesQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['creators', 'search', query],
    queryFn: () => searchProfiles(query),
  });

/** Runs only when `enabled` (2+ characters, balance above the search threshold). */
export function useSearchProfiles(query: string, enabled: boolean) {
  return useQuery({
    ...searchProfilesQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
