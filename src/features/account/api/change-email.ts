import { changeEmail as changeEmailCall } from '@/shared/contract/profile';
import type { BodyInput } from '@/shared/contract/endpoint';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';

/** POST /api/account/change-email: mails a confirmation link; the e-mail changes when it is opened. */
export async function changeEmail(body: BodyInput<typeof changeEmailCall>) {
  return callApi(changeEmailCall, body);
}

export function useChangeEmail() {
  return useWriteMutation(changeEmailCall, { mutationFn: changeEmail });
}
