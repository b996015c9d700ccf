import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserDetails as getUserDetailsCall } from '@/shared/contract/user-details';
import { callApi } from '@/lib/api';

/** GET /api/get-user-details. */
export async function getUserDetails() {
  return (await callApi(getUserDetailsCall)).data;
}

export const userDetailsQueryOptions = queryOptions({
  queryKey: ['user-details'],
  queryFn: getUserDetails,
});

export function useUserDetails() {
  return useQuery(userDetailsQueryOptions);
}
