import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { verifyTransaction as verifyTransactionCall } from '@/shared/contract/deposits';
import type { BodyInput } from '@/shared/contract/endpoint';
import { depositQueryKey } from './get-transaction';

/** POST /api/verify-transaction-v2: asks the watcher to look for the payment from `address` now. */
export async function verifyTransaction(body: BodyInput<typeof verifyTransactionCall>) {
  return callApi(verifyTransactionCall, body);
}

export function useVerifyTransaction() {
  const queryClient = useQueryClient();
  return useWriteMutation(verifyTransactionCall, {
    mutationFn: verifyTransaction,
    // A verified deposit shows as confirmed at once.
    onSuccess: ({ data }) =>
      queryClient.setQueryData(depositQueryKey(data.id), (shown) => shown && { ...shown, ...data }),
    // Whatever it answered (verified, detected, part paid, expired), the deposit's page and the
    // history show the deposit as it is now; the page refreshes the balance when it sees it credited.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['transactions'] }),
  });
}
