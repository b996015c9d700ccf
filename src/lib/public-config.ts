import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfig } from '../shared/contract/config';
import { callApi } from './api';

/** GET /api/config: partner name and slug, external links. Settings change only on deploy. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: async () => (await callApi(publicConfig)).data,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
