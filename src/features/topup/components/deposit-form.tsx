import { useId, useState, type FormEvent } from 'react';
import type { WriteInFlight } from '@/lib/writes';
import { COIN_TYPES, type CoinType } from '@/shared/contract/deposits';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as fieldStyles from '@/ui/field.css';
import { WriteStatus } from '@/ui/write-status';
import { depositAmountError } from '../deposit-amount';
import * as styles from './topup.css';

const COIN_NAMES: Record<CoinType, string> = { eth: 'Ether', usdc: 'USD Coin', usdt: 'Tether' };

/** Spec §2 Top Up Balance: coin choice and the USD amount ($100 to $10,000). */
export function DepositForm({
  pending,
  inFlight,
  error: requestError,
  onSubmit,
}: {
  pending: boolean;
  /** The deposit request sent, while its answer is awaited (issue 14). */
  inFlight: WriteInFlight | undefined;
  /** Why the last request failed, shown by the button. */
  error: string | null;
  onSubmit: (deposit: { amount: number; coinType: CoinType }) => void;
}) {
  const amountId = useId();
  const hintId = useId();
  const errorId = useId();
  const [coinType, setCoinType] = useState<CoinType>('eth');
  const [amount, setAmount] = useState('');
  const error = depositAmountError(amount);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (error !== null || pending) return;
    onSubmit({ amount: Number(amount), coinType });
  }

  return (
    <form className={styles.form} aria-label="Top up balance" onSubmit={submit} noValidate>
      <fieldset className={styles.coins}>
        <legend className={fieldStyles.label}>Coin</legend>
        <div className={styles.coinGrid}>
          {COIN_TYPES.map((coin) => (
            <label
              key={coin}
              className={coin === coinType ? `${styles.coin} ${styles.coinChosen}` : styles.coin}
            >
              <input
                type="radio"
                name="coinType"
                value={coin}
                className={styles.coinInput}
                checked={coin === coinType}
                onChange={() => setCoinType(coin)}
              />
              <span className={styles.coinSymbol}>{coin.toUpperCase()}</span>
              <span className={styles.coinName}>{COIN_NAMES[coin]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={fieldStyles.field}>
        <label htmlFor={amountId} className={fieldStyles.label}>
          Amount (USD)
        </label>
        <div className={styles.amountWrap}>
          <span className={styles.amountPrefix} aria-hidden="true">
            $
          </span>
          <input
            id={amountId}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="100"
            max="10000"
            placeholder="100.00"
            className={`${fieldStyles.input} ${styles.amountInput}`}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            aria-invalid={error ? true : undefined}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <p id={hintId} className={styles.hint}>
          Minimum $100, maximum $10,000
        </p>
        {error ? (
          <p role="alert" id={errorId} className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <WriteStatus write={inFlight} />
      <Button type="submit" block disabled={error !== null || pending}>
        {pending ? 'Creating...' : 'Create Transaction'}
      </Button>
      {requestError ? <ErrorBox>{requestError}</ErrorBox> : null}
    </form>
  );
}
