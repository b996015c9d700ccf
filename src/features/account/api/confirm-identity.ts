import type { BodyInput } from '@/shared/contract/endpoint';
import { confirmIdentity } from '@/shared/contract/identity';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';

/** POST /api/account/confirm-identity: the password or a current code proves it is the owner. */
export function useConfirmIdentity() {
  return useWriteMutation(confirmIdentity, {
    mutationFn: (body: BodyInput<typeof confirmIdentity>) => callApi(confirmIdentity, body),
  });
}
