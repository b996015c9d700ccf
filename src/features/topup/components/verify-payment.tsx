import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { WriteInFlight } from '../../../lib/writes';
import type { Transaction } from '../../../shared/contract/deposits';
import { ErrorBox, SuccessBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import * as fieldStyles from '../../../ui/field.css';
import { WriteStatus } from '../../../ui/write-status';
import { useVerifyTransaction } from '../api/verify-transaction';
import { depositError, REDIRECT_AFTER_VERIFY_MS, TRANSFER_WAIT_SECONDS } from '../deposit-amount';
import * as styles from './topup.css';

type Phase = 'idle' | 'waiting' | 'address';

/**
 * Spec §4: the first press of "I Have Transferred Payment" waits 10 seconds, then asks for the sender
 * address; a verified payment refreshes the balance and leaves for /transactions 2 seconds later.
 */
export function VerifyPayment({
  transaction,
  timedOut,
  busy,
  cancelling,
  onVerified,
  onStartOver,
}: {
  transaction: Transaction;
  /** An ETH payment window at zero: verifying is refused. */
  timedOut: boolean;
  /** Start Over or the expiry deletion is running. */
  busy: boolean;
  /** The Start Over deletion sent, while its answer is awaited (issue 14). */
  cancelling: WriteInFlight | undefined;
  onVerified: (transaction: Transaction) => void;
  onStartOver: () => void;
}) {
  const addressId = useId();
  const navigate = useNavigate();
  const verify = useVerifyTransaction();
  const [phase, setPhase] = useState<Phase>('idle');
  const [address, setAddress] = useState('');
  const verified = verify.isSuccess;

  useEffect(() => {
    if (phase !== 'waiting') return undefined;
    const timer = setTimeout(() => setPhase('address'), TRANSFER_WAIT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [phase]);

  const verifiedMessage = verified ? verify.data.message : undefined;
  useEffect(() => {
    if (!verifiedMessage) return undefined;
    // The history says it too, where the advertiser lands (issue 13).
    const timer = setTimeout(
      () => void navigate({ to: '/transactions', state: { successMessage: verifiedMessage } }),
      REDIRECT_AFTER_VERIFY_MS,
    );
    return () => clearTimeout(timer);
  }, [verifiedMessage, navigate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!address.trim() || timedOut || verify.busy || verified) return;
    verify.mutate(
      { address: address.trim(), crmTransactionId: transaction.id },
      { onSuccess: (answer) => onVerified(answer.data) },
    );
  }

  return (
    <div className={styles.verify}>
      {verify.isError ? (
        <ErrorBox>
          {depositError(
            verify.error,
            'Failed to verify transaction',
            'Error verifying payment, please try again',
          )}
        </ErrorBox>
      ) : null}
      {verified ? <SuccessBox>{verify.data.message}</SuccessBox> : null}
      {phase === 'address' ? (
        <form className={styles.verifyForm} aria-label="Verify payment" onSubmit={submit}>
          <div className={fieldStyles.field}>
            <label htmlFor={addressId} className={fieldStyles.label}>
              Sender Crypto Address
            </label>
            <input
              id={addressId}
              className={`${fieldStyles.input} ${styles.mono}`}
              placeholder="0x..."
              autoComplete="off"
              spellCheck={false}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              disabled={verified}
            />
            <p className={styles.hint}>The address of the wallet you sent the payment from.</p>
          </div>
          <Button
            type="submit"
            block
            disabled={!address.trim() || timedOut || verify.busy || verified || busy}
          >
            {verify.busy ? 'Verifying...' : 'Verify Payment'}
          </Button>
        </form>
      ) : (
        <Button
          block
          disabled={phase === 'waiting' || timedOut || busy}
          onClick={() => setPhase('waiting')}
        >
          {phase === 'waiting' ? 'Please wait...' : 'I Have Transferred Payment'}
        </Button>
      )}
      <WriteStatus write={verify.inFlight ?? cancelling} />
      <Button variant="secondary" block disabled={busy || verified} onClick={onStartOver}>
        {busy ? 'Cancelling...' : 'Start Over'}
      </Button>
    </div>
  );
}
