import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserDetailsResponse } from '../../../shared/contract/user';
import { apiGet } from '../../../lib/api';

/** GET /api/get-user-details. */
export async function getUserDetails() {
  return (await apiGet('get-user-details', UserDetailsResponse)).data;
}

export const userDetailsQueryOptions = queryOptions({
  queryKey: ['user-details'],
  queryFn: getUserDetails,
});

export function useUserDetails() {
  return useQuery(userDetailsQueryOptions);
}
