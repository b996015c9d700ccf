import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { TransactionResponse } from '../../../shared/contract/deposits';

/** POST /api/verify-transaction-v2: looks on chain for the payment from `address`. */
export async function verifyTransaction(body: { address: string; crmTransactionId: number }) {
  return apiPost('verify-transaction-v2', body, TransactionResponse);
}

export function useVerifyTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
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
