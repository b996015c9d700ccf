import { useQueryClient } from '@tanstack/react-query';
import { linkPartner as linkPartnerCall } from '@/shared/contract/partner-link';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { accountSecurityQueryOptions } from './get-account-security';

/** POST /api/auth/link-partner {token}: links the partner account of the mailed link (issue 16). */
export async function linkPartner(token: string) {
  return callApi(linkPartnerCall, { token });
}

/**
 * A mutation, run only by the owner's click: a mail scanner that opens the link links nothing. The
 * account page then shows the partner site the account signs in with.
 */
export function useLinkPartner() {
  const queryClient = useQueryClient();
  return useWriteMutation(linkPartnerCall, {
    mutationFn: linkPartner,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions.queryKey }),
  });
}
