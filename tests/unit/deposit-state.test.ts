import { describe, expect, it } from 'vitest';
import { amountToSend, depositState } from '@/features/topup/deposit-state';
import { replaceDepositText } from '@/features/topup/open-deposits';
import { makeTransaction } from '../integration/ui/helpers/factories';

/** An open USDC request of $150, nothing arrived yet. */
const request = makeTransaction;

/** Issue 33 point 5: parts worth less than a cent count toward what arrived but credit nothing. */
describe('a request with only parts worth less than a cent', () => {
  const dust = { receivedAmount: '0.004000', creditedAmount: 0 };

  it('is still waiting while open, with the rest to send less the dust', () => {
    expect(depositState(request(dust))).toBe('waiting');
    expect(amountToSend(request(dust)).amount).toBe('149.996000');
  });

  it('closed, was not paid (expired), not underpaid', () => {
    expect(depositState(request({ ...dust, status: 'failed' }))).toBe('expired');
  });

  it('is cancelled by a new deposit, as an unpaid one is', () => {
    expect(replaceDepositText(request(dust))).toBe(
      'You have a deposit of $150.00 in USDC open. A new USDC deposit cancels it: do not send its 150.000000 USDC any more. A payment that still arrives at your deposit address is added to your balance.',
    );
  });
});

describe('a request with a credited part', () => {
  const part = { receivedAmount: '50.000000', creditedAmount: 50 };

  it('is part paid while open, and underpaid once closed', () => {
    expect(depositState(request(part))).toBe('partPaid');
    expect(depositState(request({ ...part, status: 'failed' }))).toBe('underpaid');
    expect(amountToSend(request(part)).amount).toBe('100.000000');
  });
});
