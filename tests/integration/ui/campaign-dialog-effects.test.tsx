// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { AmountForm } from '@/entities/campaign/components/amount-form';
import { configureApi } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';
import type { AdPackage } from '@/shared/contract/campaigns';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

// Issue 13: the top-up, reactivation and pause dialogs say what they will do before the user commits.

const siteWide: AdPackage = {
  id: 2,
  name: 'Site-Wide',
  click_rate: 0.6,
  max_slots: 1000,
  ranks: '6-10',
  categories: ['All'],
  ad_icon: true,
  popup_ads: true,
};

// $100 left at $0.60 a click: 166 clicks, with $0.40 of a click carried over (design §2).
const cleo = makeCampaign(2, 'cleo', {
  clicks_purchased: 200,
  clicks_count: 34,
  remaining_clicks: 166,
  amount_deposit: 120.4,
  amount_remaining: 100,
});

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 200 }));
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: [cleo] },
  });
  stub.on('GET', '/api/all/ad-packages', { body: { success: true, data: [siteWide] } });
});

async function openOn(button: string) {
  const view = renderApp('/campaigns', stub);
  const card = await screen.findByRole('article', { name: 'Campaign for cleo' });
  await view.user.click(within(card).getByRole('button', { name: button }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

function effectRow(term: string) {
  const list = screen.getByLabelText('Effect of this amount');
  return within(list).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('top-up dialog', () => {
  it('shows the clicks added, counted on the money left, and the new balance', async () => {
    const { user, dialog } = await openOn('Top-up');
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount (USD)' });
    await user.type(amount, '50');
    // floor(($100 + $50) / $0.60) = 250 clicks: 84 more than 166 (not floor(50 / 0.6) = 83).
    expect(effectRow('Clicks added')).toBe('+84');
    expect(effectRow('New balance')).toBe('$150.00');
    expect(amount).toHaveAccessibleDescription('Clicks added +84 New balance $150.00');
    expect(within(dialog).getByRole('button', { name: 'Top Up' })).toBeEnabled();
  });

  it("refuses, with the server's message, a top-up that passes the package's max_slots", async () => {
    stub.signIn(makeUser({ crypto_balance: 1000 }));
    const { user, dialog } = await openOn('Top-up');
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount (USD)' });
    const submit = within(dialog).getByRole('button', { name: 'Top Up' });
    // ($100 + $500.60) / $0.60 = 1,001 clicks, one past the package's 1,000.
    await user.type(amount, '500.60');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This amount would take the campaign past the package maximum of 1,000 clicks',
    );
    expect(amount).toHaveAccessibleDescription(
      'This amount would take the campaign past the package maximum of 1,000 clicks',
    );
    expect(screen.queryByLabelText('Effect of this amount')).toBeNull();
    expect(submit).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '500');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(effectRow('Clicks added')).toBe('+834');
    expect(effectRow('New balance')).toBe('$500.00');
    expect(submit).toBeEnabled();
    expect(stub.requestsTo('/api/top-up-money-deposited')).toHaveLength(0);
  });

  it('refuses more than 2 decimals as typed, and drops the message once the amount is fixed', async () => {
    const { user, dialog } = await openOn('Top-up');
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount (USD)' });
    const submit = within(dialog).getByRole('button', { name: 'Top Up' });
    await user.type(amount, '25.555');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Amounts can have at most 2 decimals',
    );
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();
    expect(screen.queryByLabelText('Effect of this amount')).toBeNull();

    await user.type(amount, '{Backspace}');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(amount).toHaveAttribute('aria-invalid', 'false');
    expect(effectRow('New balance')).toBe('$174.45');
    expect(submit).toBeEnabled();
  });

  it("drops the server's refusal once the amount changes", async () => {
    stub.on('POST', '/api/top-up-money-deposited', {
      status: 400,
      body: { success: false, message: 'This campaign is not active' },
    });
    const { user, dialog } = await openOn('Top-up');
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount (USD)' });
    await user.type(amount, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Top Up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This campaign is not active',
    );
    await user.type(amount, '5');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(effectRow('New balance')).toBe('$95.00');
  });
});

describe('deactivate dialog', () => {
  it('says what returns to the balance before the user confirms', async () => {
    const { dialog } = await openOn('Pause');
    expect(dialog).toHaveTextContent('Are you sure you want to deactivate campaign for cleo?');
    expect(
      await within(dialog).findByText('About $100.00 will return to your balance'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Yes, Deactivate' }),
    ).toHaveAccessibleDescription('About $100.00 will return to your balance');
  });

  it('reads the campaign again as it opens, and says what did return once paused', async () => {
    // Issue 31: the list was 30 minutes old ($100.00 left); six clicks were billed since.
    stub.on('POST', '/api/profile-ad-details', {
      body: {
        success: true,
        message: 'Campaign fetched',
        user: { ...cleo, remaining_clicks: 160, clicks_count: 40, amount_remaining: 96.4 },
      },
    });
    stub.on('POST', '/api/expire-ad-package', {
      body: {
        success: true,
        message: 'Campaign for cleo deactivated successfully',
        refunded_amount: 96.4,
      },
    });
    const { user, dialog } = await openOn('Pause');
    expect(
      await within(dialog).findByText('About $96.40 will return to your balance'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Deactivate' }));
    expect(
      await screen.findByText(
        'Campaign for cleo deactivated successfully. $96.40 returned to your balance',
      ),
    ).toBeInTheDocument();
  });

  it('says so when no budget is left', async () => {
    stub.on('GET', '/api/bought-ads-by-client', {
      body: {
        success: true,
        message: 'Campaigns fetched',
        data: [{ ...cleo, remaining_clicks: 0, amount_remaining: 0 }],
      },
    });
    const { dialog } = await openOn('Pause');
    expect(
      within(dialog).getByRole('button', { name: 'Yes, Deactivate' }),
    ).toHaveAccessibleDescription('No budget is left to return to your balance');
  });
});

describe('amount form of a same-package reactivation', () => {
  // The campaign ended: its budget went back to the balance, so the clicks start from none.
  const ended = { ...cleo, status: false, remaining_clicks: 0, amount_remaining: 0 };

  function renderForm(onSubmit = vi.fn()) {
    configureApi({ baseUrl: `${stub.url}/api` });
    render(
      <QueryClientProvider client={createQueryClient(() => undefined)}>
        <AmountForm
          balance={200}
          campaign={ended}
          submitLabel="Reactivate"
          pendingLabel="Reactivating..."
          pending={false}
          inFlight={undefined}
          onCancel={vi.fn()}
          onSubmit={onSubmit}
        />
      </QueryClientProvider>,
    );
    return onSubmit;
  }

  it('shows the clicks the budget buys and the new balance, then submits the amount', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByRole('spinbutton', { name: 'Amount (USD)' }), '100.20');
    // floor($100.20 / $0.60) = 167 clicks.
    expect(effectRow('Clicks added')).toBe('+167');
    expect(effectRow('New balance')).toBe('$99.80');
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    expect(onSubmit).toHaveBeenCalledWith(100.2);
  });

  it('counts the clicks bought, not those the ended period refunded', async () => {
    // Issue 31: "+-9,828" for $100 on a campaign paused with 9,994 refunded clicks.
    const user = userEvent.setup();
    configureApi({ baseUrl: `${stub.url}/api` });
    render(
      <QueryClientProvider client={createQueryClient(() => undefined)}>
        <AmountForm
          balance={200}
          campaign={{ ...ended, remaining_clicks: 9_994 }}
          submitLabel="Reactivate"
          pendingLabel="Reactivating..."
          pending={false}
          inFlight={undefined}
          onCancel={vi.fn()}
          onSubmit={vi.fn()}
        />
      </QueryClientProvider>,
    );
    await user.type(screen.getByRole('spinbutton', { name: 'Amount (USD)' }), '100');
    expect(effectRow('Clicks added')).toBe('+166');
  });

  it("refuses, with the server's message, an amount that buys no click", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('spinbutton', { name: 'Amount (USD)' }), '0.59');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The amount must buy at least one click at this package rate',
    );
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeDisabled();
  });
});
