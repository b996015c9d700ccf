import { forgotPassword as forgotPasswordCall } from '@/shared/contract/auth';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';

/**
 * POST /api/auth/forgot-password. Spec §7: a network failure never shows as a failure, so the screen
 * never tells whether a mail went out: callApi asks again with the same key until an answer comes
 * (issue 14), and the screen says meanwhile that it could not confirm yet.
 */
export async function forgotPassword(body: BodyInput<typeof forgotPasswordCall>) {
  return callApi(forgotPasswordCall, body);
}

export function useForgotPassword() {
  return useWriteMutation(forgotPasswordCall, { mutationFn: forgotPassword });
}
