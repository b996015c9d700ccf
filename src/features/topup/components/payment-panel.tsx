import { formatCountdown } from '../../../lib/format';
import type { Transaction } from '../../../shared/contract/deposits';
import { WarningBox } from '../../../ui/alert';
import { Card } from '../../../ui/card';
import { CopyButton } from '../../../ui/copy-button';
import { coinLabel } from '../../transactions/format';
import { QrCode } from './qr-code';
import * as styles from './topup.css';

/** Spec §2: what to send where, with copy buttons, QR code, wallet link, warnings and ETH timer. */
export function PaymentPanel({
  transaction,
  secondsLeft,
}: {
  transaction: Transaction;
  secondsLeft: number;
}) {
  const coin = coinLabel(transaction.coinType);
  return (
    <Card title="Payment Instructions">
      {transaction.expiresAt ? (
        <div className={secondsLeft <= 60 ? `${styles.timer} ${styles.timerLow}` : styles.timer}>
          <span>Time remaining to send the payment</span>
          <span role="timer" aria-label="Time remaining" className={styles.timerValue}>
            {formatCountdown(secondsLeft)}
          </span>
        </div>
      ) : null}
      <div className={styles.payment}>
        <div className={styles.qr}>
          <QrCode
            value={transaction.paymentUri}
            label={`QR code to pay ${transaction.ethAmount} ${coin}`}
          />
        </div>
        <div className={styles.paymentFields}>
          <div className={styles.copyField}>
            <span className={styles.copyLabel}>Amount to send</span>
            <div className={styles.copyRow}>
              <code className={styles.copyValue}>
                {transaction.ethAmount} {coin}
              </code>
              <CopyButton value={transaction.ethAmount} label="Copy amount" />
            </div>
          </div>
          <div className={styles.copyField}>
            <span className={styles.copyLabel}>Wallet address</span>
            <div className={styles.copyRow}>
              <code className={`${styles.copyValue} ${styles.address}`}>{transaction.to}</code>
              <CopyButton value={transaction.to} label="Copy wallet address" />
            </div>
          </div>
          <a className={styles.walletLink} href={transaction.paymentUri}>
            Open in wallet app
          </a>
        </div>
      </div>
      <div className={styles.warnings}>
        <WarningBox title="Send only on the Ethereum (ERC-20) network">
          <p>Transfers on any other network cannot be found and are lost.</p>
        </WarningBox>
        <WarningBox title={`Send exactly ${transaction.ethAmount} ${coin}`}>
          <p>
            Underpaying a transfer fails and is non-refundable. The exact amount identifies your
            payment.
          </p>
        </WarningBox>
      </div>
    </Card>
  );
}
