import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { deleteTransaction as deleteTransactionCall } from '@/shared/contract/deposits';

/** POST /api/delete-transaction: removes the caller's own pending deposit. */
export async function deleteTransaction(transactionId: number) {
  return callApi(deleteTransactionCall, { transaction_id: transactionId });
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useWriteMutation(deleteTransactionCall, {
    mutationFn: deleteTransaction,
    // The history lists; not the deleted deposit's own query, whose page is still on screen (asked
    // again it would answer "Transaction not found").
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: ['transactions'],
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
  });
}
