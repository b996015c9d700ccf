import { changePassword as changePasswordCall } from '@/shared/contract/auth';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';

/** POST /api/auth/change-password (signed in). */
export async function changePassword(body: BodyInput<typeof changePasswordCall>) {
  return callApi(changePasswordCall, body);
}

export function useChangePassword() {
  return useWriteMutation(changePasswordCall, { mutationFn: changePassword });
}
