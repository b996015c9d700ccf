import type { ReactNode, Ref } from 'react';
import { formatMoney } from '@/lib/format';
import {
  DEPOSIT_MESSAGES,
  partPaidMessage,
  underpaidMessage,
  type TransactionDetail,
} from '@/shared/contract/deposits';
import * as alertStyles from '@/ui/alert.css';
import { coinLabel, confirmationsText } from '@/entities/deposit/format';
import type { DepositState } from '../deposit-state';
import * as styles from './topup.css';

type Tone = keyof typeof alertStyles.alert | 'info';

/** A payment made after its window: the ETH/USD price it was counted at (its block's). */
function lateText(deposit: TransactionDetail): string {
  if (deposit.coinType !== 'eth') return 'This payment arrived after the deposit closed.';
  const price = deposit.transfers.at(-1)?.ethUsdPrice ?? deposit.ethUsdPrice;
  return (
    'This payment arrived after the deposit closed, so it was counted at the ETH/USD price in ' +
    `force then${price === null ? '' : ` (${formatMoney(price)})`}.`
  );
}

/** Part paid when the window reached zero: the rest can no longer be sent to this request. */
function partPaidClosingText(deposit: TransactionDetail): string {
  const coin = coinLabel(deposit.coinType);
  return (
    `${deposit.receivedAmount} ${coin} of ${deposit.ethAmount} ${coin} arrived and ` +
    `${formatMoney(deposit.creditedAmount)} was added to your balance. The time to send the rest ` +
    'is over, and this deposit is being closed.'
  );
}

/**
 * Issue 31: a request whose window closed unpaid is kept and followed, so a payment made at the last
 * moment is credited to it and shown here; the page says so rather than invite a second payment.
 */
export const STILL_ARRIVING =
  'If you have already sent the payment, do not send it again: a payment that still arrives at your deposit address is added to your balance.';

function message(
  deposit: TransactionDetail,
  state: DepositState,
  windowClosed: boolean,
): [Tone, string, ReactNode] {
  switch (state) {
    case 'waiting':
      // At zero (spec §4's message), until the server's expiry job closes the request.
      return windowClosed
        ? ['warning', DEPOSIT_MESSAGES.expired, STILL_ARRIVING]
        : ['info', 'Waiting for your payment', 'This page updates by itself once it arrives.'];
    case 'partPaid':
      return [
        'warning',
        'Part of the payment has arrived',
        windowClosed ? partPaidClosingText(deposit) : partPaidMessage(deposit),
      ];
    case 'detected':
      return [
        'info',
        `Payment detected — ${confirmationsText(deposit.confirmations!)}`,
        'It is added to your balance automatically once it has enough confirmations.',
      ];
    case 'confirmed':
      return [
        'success',
        DEPOSIT_MESSAGES.verified,
        <>
          {deposit.origin === 'unrequested'
            ? `A payment arrived at your deposit address with no open request, and ${formatMoney(deposit.creditedAmount)} was added to your balance.`
            : `${formatMoney(deposit.creditedAmount)} was added to your balance.`}
          {deposit.late ? <> {lateText(deposit)}</> : null}
        </>,
      ];
    case 'expired':
      return ['error', DEPOSIT_MESSAGES.expired, STILL_ARRIVING];
    case 'underpaid':
      return ['error', underpaidMessage(deposit), null];
  }
}

/**
 * The deposit's state in one box that stays on the page while the state changes, so a screen reader
 * hears each change (a polite live region) without the focus moving. It can take the focus (tabIndex
 * -1) for when the actions that held it leave the page (deposit-actions.tsx).
 */
export function DepositStatus({
  deposit,
  state,
  windowClosed,
  ref,
}: {
  deposit: TransactionDetail;
  state: DepositState;
  /** The payment window is at zero while the request is still pending. */
  windowClosed: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const [tone, title, text] = message(deposit, state, windowClosed);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-label="Deposit status"
      className={tone === 'info' ? styles.statusInfo : alertStyles.alert[tone]}
    >
      <div className={styles.statusText}>
        <strong className={alertStyles.title}>{title}</strong>
        {text ? <p>{text}</p> : null}
      </div>
    </div>
  );
}
