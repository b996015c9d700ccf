import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { MessageResponse } from '../../../shared/contract/common';

/** POST /api/delete-transaction: removes the caller's own pending deposit. */
export async function deleteTransaction(transactionId: number) {
  return apiPost('delete-transaction', { transaction_id: transactionId }, MessageResponse);
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transactions'] }),
  });
}
