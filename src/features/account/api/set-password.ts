import { useQueryClient } from '@tanstack/react-query';
import { setPassword as setPasswordCall } from '@/shared/contract/profile';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { accountSecurityQueryOptions } from './get-account-security';

/** POST /api/account/set-password {token, newPassword}: the link of the set-password mail. */
export async function setPassword(body: BodyInput<typeof setPasswordCall>) {
  return callApi(setPasswordCall, body);
}

/** The account page, when it shows again, offers the change-password form instead of the link. */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useWriteMutation(setPasswordCall, {
    mutationFn: setPassword,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions.queryKey }),
  });
}
