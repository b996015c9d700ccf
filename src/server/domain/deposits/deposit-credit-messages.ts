import type { Coin } from '../../../shared/coins';
import { formatCents } from '../../../shared/money';
import type { TransferRow } from './deposit-credits';
import type { Priced } from './deposit-pricing';
import { formatCoinUnits, type DepositRow } from './deposit-views';

/**
 * What the advertiser is told once a transfer is credited (issue 33 point 7: what happened to the
 * money now: what was added, what is still due, whether the deposit is complete). `deposit` is the
 * deposit as the transfer left it, `paidIn` its coin.
 */
export function creditMessage(
  paidIn: Coin,
  deposit: DepositRow,
  transfer: TransferRow,
  cents: bigint,
  { inWindow, completes }: Priced,
): string {
  const coin = paidIn.symbol;
  const units = (value: bigint) => `${formatCoinUnits(paidIn, value)} ${coin}`;
  const arrived = units(BigInt(transfer.units));
  const credited = formatCents(Number(cents));
  const asked = formatCents(Number(deposit.amount_cents));
  if (deposit.origin === 'unrequested') {
    return `${arrived} arrived at your deposit address with no open deposit request; ${credited} was added to your balance.`;
  }
  const due = BigInt(deposit.expected_units) - BigInt(deposit.received_units);
  if (!completes) {
    return inWindow
      ? `${arrived} arrived for your deposit of ${asked} in ${coin} and ${credited} was added to your ` +
          `balance. ${units(due)} is still due.`
      : `${arrived} arrived for your deposit of ${asked} in ${coin} after its window closed, and ` +
          `${credited} was added to your balance. ${units(due)} more completes it.`;
  }
  if (!deposit.late) {
    return `Your deposit of ${asked} in ${coin} is confirmed and ${credited} was added to your balance.`;
  }
  const firstPart = BigInt(deposit.received_units) === BigInt(transfer.units);
  if (firstPart) {
    return `Your deposit of ${asked} in ${coin} arrived after its window closed: ${arrived} counted, and ${credited} was added to your balance.`;
  }
  // Issue 33 point 5: parts before it, one "completed late" notice.
  const total = formatCents(Number(deposit.credited_cents));
  return (
    `Your deposit of ${asked} in ${coin} was completed late: ${arrived} arrived` +
    `${inWindow ? '' : ' after its window closed'} and ${credited} was added to your balance ` +
    `(${total} in all${paidIn.price === 'eth-usd-feed' ? ', the parts paid late at the ETH/USD price then' : ''}).`
  );
}
