import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicConfigResponse } from '../shared/contract/config';
import { apiGet } from './api';

/** GET /api/config: partner name and slug, external links. Settings change only on deploy. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: async () => (await apiGet('config', PublicConfigResponse)).data,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
