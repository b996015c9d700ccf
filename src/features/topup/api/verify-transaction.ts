import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useWriteMutation } from '../../../lib/use-write-mutation';
import { verifyTransaction as verifyTransactionCall } from '../../../shared/contract/deposits';
import type { BodyInput } from '../../../shared/contract/endpoint';

/** POST /api/verify-transaction-v2: looks on chain for the payment from `address`. */
export async function verifyTransaction(body: BodyInput<typeof verifyTransactionCall>) {
  return callApi(verifyTransactionCall, body);
}

export function useVerifyTransaction() {
  const queryClient = useQueryClient();
  return useWriteMutation(verifyTransactionCall, {
    mutationFn: verifyTransaction,
    // Spec §4: a verified deposit refreshes the balance; the history lists it as confirmed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['auth'] }),
        queryClient.invalidateQueries({ queryKey: ['user-details'] }),
        queryClient.invalidateQueries({ queryKey: ['transactions'] }),
      ]),
  });
}
