import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { formatUnits, getAddress, parseUnits } from 'viem';
import { Transaction } from '../shared/contract/deposits';
import { devAccounts, sendPayment } from './dev-chain';

/**
 * `npm run dev:pay -- <transaction id> [--account N] [--half]`: pays a pending deposit on the dev
 * chain from funded test account N (1-8, default 1) to the advertiser's deposit address: what is still
 * due (--half: half of it, to see a part payment). It asks the running development server (API_URL,
 * default http://localhost:8080) for the deposit through its development-only route
 * GET /api/dev/deposits/:id. The server's watcher finds the payment and credits it by itself; the
 * sender address is printed for the optional verify form.
 */
const USAGE = 'Usage: npm run dev:pay -- <transaction id> [--account 1-8] [--half]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    account: { type: 'string', default: '1' },
    half: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const id = positionals[0] ?? '';
const account = Number(values.account);
if (!/^\d+$/.test(id) || !Number.isInteger(account) || account < 1 || account > 8) {
  console.error(USAGE);
  process.exit(1);
}

const DevDeposit = v.object({
  success: v.literal(true),
  data: v.object({ ...Transaction.entries, rpcUrl: v.string() }),
});
const apiUrl = (process.env.API_URL ?? 'http://localhost:8080').replace(/\/$/, '');

try {
  const response = await fetch(`${apiUrl}/api/dev/deposits/${id}`);
  const body = (await response.json()) as { message?: string };
  if (!response.ok) throw new Error(body.message ?? `HTTP ${response.status}`);
  const deposit = v.parse(DevDeposit, body).data;
  if (deposit.status !== 'pending') throw new Error(`transaction ${id} is ${deposit.status}`);
  const from = (await devAccounts(deposit.rpcUrl))[account]!;
  const due = BigInt(deposit.amountUnits) - parseUnits6(deposit.receivedAmount, deposit.coinType);
  const units = values.half ? due / 2n : due;
  const hash = await sendPayment(deposit.rpcUrl, from, {
    coinType: deposit.coinType,
    to: getAddress(deposit.to),
    units,
  });
  const coin = deposit.coinType.toUpperCase();
  console.log(`Paid ${formatUnits(units, deposit.coinType === 'eth' ? 18 : 6)} ${coin}`);
  console.log(`  to ${deposit.to} in transaction ${hash}`);
  console.log('The server finds it by itself: the deposit page updates within seconds.');
  console.log(`Sender address (for the optional verify form): ${from}`);
} catch (error) {
  console.error(`Could not pay transaction ${id} via ${apiUrl}: ${(error as Error).message}`);
  process.exit(1);
}

/** "0.500000" of the coin in its smallest units (ETH amounts are shown with 6 of its 18 decimals). */
function parseUnits6(amount: string, coin: string): bigint {
  return parseUnits(amount, coin === 'eth' ? 18 : 6);
}
