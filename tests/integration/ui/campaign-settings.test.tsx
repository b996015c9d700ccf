// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** Issue 36: a campaign's daily budget and end date on its card and tracker, and their dialog. */

const limited = makeCampaign(2, 'cleo', { daily_budget: 5, ends_on: '2026-12-31' });
const open = makeCampaign(3, 'dana');

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 200 }));
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: [limited, open] },
  });
});

async function card(username: string) {
  return screen.findByRole('article', { name: `Campaign for ${username}` });
}

function stat(container: HTMLElement, label: string) {
  return within(container).getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('campaign settings', () => {
  it('shows each active campaign’s daily budget and end date on its card', async () => {
    renderApp('/campaigns', stub);
    const cleo = await card('cleo');
    expect(stat(cleo, 'Daily budget')).toHaveTextContent('$5.00/day');
    expect(stat(cleo, 'Runs until')).toHaveTextContent('Dec 31, 2026');
    const dana = await card('dana');
    expect(stat(dana, 'Daily budget')).toHaveTextContent('No limit');
    expect(stat(dana, 'Runs until')).toHaveTextContent('Until paused');
  });

  it('edits them in a dialog: refuses a budget below one click, then saves and says so', async () => {
    stub.on('POST', '/api/update-campaign-settings', {
      body: {
        success: true,
        message: 'Campaign settings saved',
        data: { daily_budget: 12.5, ends_on: null },
      },
    });
    const { user } = renderApp('/campaigns', stub);
    await user.click(within(await card('cleo')).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Campaign Settings' });
    const budget = within(dialog).getByLabelText('Daily budget (USD)');
    const endsOn = within(dialog).getByLabelText('End date');
    expect(budget).toHaveValue(5);
    expect(endsOn).toHaveValue('2026-12-31');

    await user.clear(budget);
    await user.type(budget, '0.5');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The daily budget must be at least the price of one click ($0.60)',
    );
    expect(budget).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Save Settings' })).toBeDisabled();

    await user.clear(budget);
    await user.type(budget, '12.50');
    await user.clear(endsOn);
    await user.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Campaign settings saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [sent] = stub.requestsTo('/api/update-campaign-settings');
    expect(sent?.body).toEqual({ username: 'cleo', daily_budget: 12.5, ends_on: null });
  });

  it('says the server’s refusal in the dialog', async () => {
    stub.on('POST', '/api/update-campaign-settings', {
      status: 400,
      body: { success: false, message: 'The end date cannot be before today' },
    });
    const { user } = renderApp('/campaigns', stub);
    await user.click(within(await card('dana')).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Campaign Settings' });
    await user.type(within(dialog).getByLabelText('End date'), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(
      await within(dialog).findByText('The end date cannot be before today'),
    ).toBeInTheDocument();
    // The screen asks for the campaigns again: a refusal may mean they changed elsewhere.
    await waitFor(() => expect(stub.requestsTo('/api/bought-ads-by-client')).toHaveLength(2));
    // Only what changed is sent.
    expect(stub.requestsTo('/api/update-campaign-settings')[0]?.body).toEqual({
      username: 'dana',
      ends_on: '2020-01-01',
    });
  });
});
