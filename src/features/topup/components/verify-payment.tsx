import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message';
import type { Transaction } from '@/shared/contract/deposits';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as fieldStyles from '@/ui/field.css';
import { WriteStatus } from '@/ui/write-status';
import { useVerifyTransaction } from '../api/verify-transaction';
import { TRANSFER_WAIT_SECONDS } from '../deposit-amount';
import * as styles from './topup.css';

type Phase = 'idle' | 'waiting' | 'address';

/**
 * Spec §4: the first press of "I Have Transferred Payment" waits 10 seconds, then asks for the sender
 * address. Verifying only hurries the watcher, which finds the payment by itself: the page shows the
 * deposit as it then is.
 */
export function VerifyPayment({
  transaction,
  closed,
}: {
  transaction: Transaction;
  /** The payment window is at zero, or the deposit is being deleted: verifying is refused. */
  closed: boolean;
}) {
  const addressId = useId();
  const hintId = useId();
  const verify = useVerifyTransaction();
  const [phase, setPhase] = useState<Phase>('idle');
  const [address, setAddress] = useState('');
  const addressInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (phase !== 'waiting') return undefined;
    const timer = setTimeout(() => setPhase('address'), TRANSFER_WAIT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [phase]);

  // The pressed button gave way to the field: the focus goes on to it instead of to the page's top.
  useEffect(() => {
    if (phase === 'address') addressInput.current?.focus();
  }, [phase]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!address.trim() || closed || verify.busy) return;
    verify.mutate({ address: address.trim(), crmTransactionId: transaction.id });
  }

  if (phase !== 'address') {
    return (
      <Button block disabled={phase === 'waiting' || closed} onClick={() => setPhase('waiting')}>
        {phase === 'waiting' ? 'Please wait...' : 'I Have Transferred Payment'}
      </Button>
    );
  }
  return (
    <form className={styles.verifyForm} aria-label="Verify payment" onSubmit={submit}>
      <div className={fieldStyles.field}>
        <label htmlFor={addressId} className={fieldStyles.label}>
          Sender Crypto Address
        </label>
        <input
          ref={addressInput}
          id={addressId}
          className={`${fieldStyles.input} ${styles.mono}`}
          placeholder="0x..."
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <p id={hintId} className={styles.hint}>
          The address of the wallet you sent the payment from.
        </p>
      </div>
      <Button type="submit" block disabled={!address.trim() || closed || verify.busy}>
        {verify.busy ? 'Verifying...' : 'Verify Payment'}
      </Button>
      <WriteStatus write={verify.inFlight} />
      {verify.isError ? (
        <ErrorBox>
          {errorMessage(
            verify.error,
            'Failed to verify transaction',
            'Error verifying payment, please try again',
          )}
        </ErrorBox>
      ) : null}
    </form>
  );
}
