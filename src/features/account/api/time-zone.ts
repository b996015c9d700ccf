import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAccountTimeZone, setAccountTimeZone } from '@/shared/contract/account-time-zone';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';

/** Issue 36: GET /api/account/time-zone, the zone the account's days follow. */
export const accountTimeZoneQueryOptions = queryOptions({
  queryKey: ['account-time-zone'],
  queryFn: async () => (await callApi(getAccountTimeZone)).data,
});

export function useAccountTimeZone() {
  return useQuery(accountTimeZoneQueryOptions);
}

/** POST /api/account/time-zone: from the next midnight of the zone in force. */
export function useSetAccountTimeZone() {
  const queryClient = useQueryClient();
  return useWriteMutation(setAccountTimeZone, {
    mutationFn: (timeZone: string) => callApi(setAccountTimeZone, { time_zone: timeZone }),
    onSuccess: ({ data }) => queryClient.setQueryData(accountTimeZoneQueryOptions.queryKey, data),
  });
}
