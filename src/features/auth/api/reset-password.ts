import { resetPassword as resetPasswordCall } from '@/shared/contract/auth';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';

/** POST /api/auth/reset-password. */
export async function resetPassword(body: BodyInput<typeof resetPasswordCall>) {
  return callApi(resetPasswordCall, body);
}

export function useResetPassword() {
  return useWriteMutation(resetPasswordCall, { mutationFn: resetPassword });
}
