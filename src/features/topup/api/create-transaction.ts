import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api';
import { useWriteMutation } from '@/lib/use-write-mutation';
import { topUpBalance, type Transaction } from '@/shared/contract/deposits';
import type { BodyInput } from '@/shared/contract/endpoint';
import { depositQueryKey } from './get-transaction';

/** POST /api/top-up-balance-v2: a pending deposit with the amount to send (spec §7). */
export async function createTransaction(
  body: BodyInput<typeof topUpBalance>,
): Promise<Transaction> {
  return (await callApi(topUpBalance, body)).data;
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useWriteMutation(topUpBalance, {
    mutationFn: createTransaction,
    onSuccess: (created) => {
      // Its page opens at once, with no payment counted yet; the older open request of the coin
      // was closed (one per coin), so the history changes too.
      queryClient.setQueryData(depositQueryKey(created.id), { ...created, transfers: [] });
      return queryClient.invalidateQueries({ queryKey: ['transactions'], exact: false });
    },
    // Refused (the open deposit of the coin changed meanwhile, say): the form's list of open
    // deposits shows them as they are now, and the next press asks about those.
    onError: () => queryClient.invalidateQueries({ queryKey: ['transactions'], exact: false }),
  });
}
