import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import {
  TransactionResponse,
  type CoinType,
  type Transaction,
} from '../../../shared/contract/deposits';

/** POST /api/top-up-balance-v2: a pending deposit with the exact amount to send (spec §7). */
export async function createTransaction(body: {
  amount: number;
  coinType: CoinType;
}): Promise<Transaction> {
  return (await apiPost('top-up-balance-v2', body, TransactionResponse)).data;
}

export function useCreateTransaction() {
  return useMutation({ mutationFn: createTransaction });
}
