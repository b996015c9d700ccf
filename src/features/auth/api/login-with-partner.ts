import { useQueryClient } from '@tanstack/react-query';
import { loginWithPartner as loginWithPartnerCall } from '@/shared/contract/auth';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useLockedMutation } from '@/lib/use-locked-mutation';
import { afterSignIn } from './login';
import { signIn } from '@/entities/session/api/session-to-end';

/** POST /api/auth/login-with-<partnerSlug> (design §3). */
type PartnerLoginBody = BodyInput<typeof loginWithPartnerCall>;

export async function loginWithPartner(partnerSlug: string, body: PartnerLoginBody) {
  return signIn(() => callApi(loginWithPartnerCall, body, { params: { product: partnerSlug } }));
}

export function useLoginWithPartner(partnerSlug: string) {
  const queryClient = useQueryClient();
  return useLockedMutation({
    mutationFn: (body: PartnerLoginBody) => loginWithPartner(partnerSlug, body),
    meta: { signsOutOn401: false },
    onSuccess: (answer) => afterSignIn(queryClient, answer),
  });
}
