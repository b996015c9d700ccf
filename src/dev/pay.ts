import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { getAddress } from 'viem';
import { Transaction } from '../shared/contract/deposits';
import { devAccounts, sendPayment } from './dev-chain';

/**
 * `npm run dev:pay -- <transaction id> [--account N] [--short]`: pays a pending deposit on the dev
 * chain from funded test account N (1-8, default 1), exactly the amount the deposit waits for
 * (--short: one unit less, to see an underpaid deposit fail). It asks the running development server
 * (API_URL, default http://localhost:8080) for the deposit through its development-only route
 * GET /api/dev/deposits/:id, and prints the sender address to paste into the verify form.
 */
const USAGE = 'Usage: npm run dev:pay -- <transaction id> [--account 1-8] [--short]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    account: { type: 'string', default: '1' },
    short: { type: 'boolean', default: false },
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
  const units = BigInt(deposit.amountUnits) - (values.short ? 1n : 0n);
  const hash = await sendPayment(deposit.rpcUrl, from, {
    coinType: deposit.coinType,
    to: getAddress(deposit.to),
    units,
  });
  const coin = deposit.coinType.toUpperCase();
  console.log(`Paid ${values.short ? 'one unit less than ' : ''}${deposit.ethAmount} ${coin}`);
  console.log(`  to ${deposit.to} in transaction ${hash}`);
  console.log(`Sender address (paste it into the verify form): ${from}`);
} catch (error) {
  console.error(`Could not pay transaction ${id} via ${apiUrl}: ${(error as Error).message}`);
  process.exit(1);
}
