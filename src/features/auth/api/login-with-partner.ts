import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerLoginBody } from '../../../shared/contract/auth';
import { UserResponse } from '../../../shared/contract/user';
import { apiPost } from '../../../lib/api';
import { clearOfflineData } from '../../../lib/offline-cache';
import { setAuthUser } from './check-auth';

/** POST /api/auth/login-with-<partnerSlug> (design §3). */
export async function loginWithPartner(partnerSlug: string, body: PartnerLoginBody) {
  return (await apiPost(`auth/login-with-${partnerSlug}`, body, UserResponse)).user;
}

export function useLoginWithPartner(partnerSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerLoginBody) => loginWithPartner(partnerSlug, body),
    meta: { signsOutOn401: false },
    // Design §4: nothing of a previous user stays readable after another signs in.
    onSuccess: async (user) => {
      await clearOfflineData(queryClient);
      setAuthUser(queryClient, user);
    },
  });
}
