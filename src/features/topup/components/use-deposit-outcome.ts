import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { DEPOSIT_MESSAGES, type Transaction } from '@/shared/contract/deposits';
import { REDIRECT_AFTER_VERIFY_MS } from '../deposit-amount';

/**
 * What a deposit's page does when the deposit changes under it:
 * - each credit (part of the amount, or all of it) refreshes the balance and the history;
 * - spec §4: a deposit this page saw pending and then confirmed leaves for /transactions 2 seconds
 *   later, which says so too (issue 13). An old confirmed deposit opened again stays, also when the
 *   copy shown first (the persisted cache's, up to 7 days old) was still pending: only a copy
 *   fetched since the page opened (`fetchedSinceOpened`) counts as seen.
 */
export function useDepositOutcome(deposit: Transaction, fetchedSinceOpened: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sawPending, setSawPending] = useState(false);
  if (fetchedSinceOpened && deposit.status === 'pending' && !sawPending) setSawPending(true);
  const turnedConfirmed = sawPending && deposit.status === 'confirmed';

  const credited = `${deposit.status} ${deposit.creditedAmount}`;
  const shownCredit = useRef(credited);
  useEffect(() => {
    if (credited === shownCredit.current) return;
    shownCredit.current = credited;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: ['auth'] }),
      queryClient.invalidateQueries({ queryKey: ['user-details'] }),
      queryClient.invalidateQueries({
        queryKey: ['transactions'],
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
    ]);
  }, [credited, queryClient]);

  useEffect(() => {
    if (!turnedConfirmed) return undefined;
    const timer = setTimeout(
      () =>
        void navigate({
          to: '/transactions',
          state: { successMessage: DEPOSIT_MESSAGES.verified },
        }),
      REDIRECT_AFTER_VERIFY_MS,
    );
    return () => clearTimeout(timer);
  }, [turnedConfirmed, navigate]);
}
