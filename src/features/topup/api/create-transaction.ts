import { callApi } from '../../../lib/api';
import { useWriteMutation } from '../../../lib/use-write-mutation';
import { topUpBalance, type Transaction } from '../../../shared/contract/deposits';
import type { BodyInput } from '../../../shared/contract/endpoint';

/** POST /api/top-up-balance-v2: a pending deposit with the exact amount to send (spec §7). */
export async function createTransaction(
  body: BodyInput<typeof topUpBalance>,
): Promise<Transaction> {
  return (await callApi(topUpBalance, body)).data;
}

export function useCreateTransaction() {
  return useWriteMutation(topUpBalance, { mutationFn: createTransaction });
}
