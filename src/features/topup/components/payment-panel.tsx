import type { Transaction } from '@/shared/contract/deposits';
import { WarningBox } from '@/ui/status-boxes';
import { Card } from '@/ui/card';
import { CopyButton } from '@/ui/copy-button';
import { coinLabel } from '@/entities/deposit/format';
import { amountToSend } from '../deposit-state';
import { QrCode } from './qr-code';
import * as styles from './topup.css';

/**
 * Spec §2: what to send where (the rest, once part of it arrived), with copy buttons, QR code, wallet
 * link and warnings.
 */
export function PaymentPanel({ transaction }: { transaction: Transaction }) {
  const coin = coinLabel(transaction.coinType);
  const { amount, paymentUri } = amountToSend(transaction);
  const rest = amount !== transaction.ethAmount;
  return (
    <Card title="Payment Instructions">
      <div className={styles.payment}>
        <div className={styles.qr}>
          <QrCode value={paymentUri} label={`QR code to pay ${amount} ${coin}`} />
        </div>
        <div className={styles.paymentFields}>
          <div className={styles.copyField}>
            <span className={styles.copyLabel}>
              {rest ? 'Amount still to send' : 'Amount to send'}
            </span>
            <div className={styles.copyRow}>
              <code className={styles.copyValue}>
                {amount} {coin}
              </code>
              <CopyButton value={amount} label="Copy amount" />
            </div>
          </div>
          <div className={styles.copyField}>
            <span className={styles.copyLabel}>Your deposit address</span>
            <div className={styles.copyRow}>
              <code className={`${styles.copyValue} ${styles.address}`}>{transaction.to}</code>
              <CopyButton value={transaction.to} label="Copy deposit address" />
            </div>
          </div>
          <a className={styles.walletLink} href={paymentUri}>
            Open in wallet app
          </a>
        </div>
      </div>
      <div className={styles.warnings}>
        {/* ETH is Ethereum's own coin, not an ERC-20 token: only the stablecoins say ERC-20. */}
        <WarningBox
          title={
            transaction.coinType === 'eth'
              ? 'Send only on the Ethereum network'
              : 'Send only on the Ethereum (ERC-20) network'
          }
        >
          <p>Transfers on any other network cannot be found and are lost.</p>
        </WarningBox>
        <WarningBox title={`Send exactly ${amount} ${coin}`}>
          {/* Spec §2 "Underpaying a transfer fails and is non-refundable", as deposits now work. */}
          <p>
            What arrives is added to your balance. A deposit still short when its time runs out ends
            as failed (underpaid), with what arrived credited. Payments are non-refundable: no
            crypto is ever sent back.
          </p>
        </WarningBox>
      </div>
    </Card>
  );
}
