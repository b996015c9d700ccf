// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdPackage } from '@/shared/contract/campaigns';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

function makePackage(id: number, name: string, click_rate: number): AdPackage {
  return {
    id,
    name,
    click_rate,
    max_slots: 1000,
    ranks: '1-10',
    categories: ['All'],
    ad_icon: id !== 4,
    popup_ads: id <= 2,
  };
}

const active = makeCampaign(2, 'cleo');
const inactive = makeCampaign(1, 'bella', {
  status: false,
  package_id: 1,
  package_name: 'Main Categories',
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
    body: { success: true, message: 'Campaigns fetched', data: [active, inactive] },
  });
  stub.on('GET', '/api/all/ad-packages', {
    body: {
      success: true,
      data: [
        makePackage(1, 'Main Categories', 0.8),
        makePackage(2, 'Site-Wide', 0.6),
        makePackage(3, 'Category-Specific', 0.5),
        makePackage(4, 'Main Categories 2nd tier', 0.4),
      ],
    },
  });
  stub.on('GET', '/api/get-all-categories', {
    body: {
      success: true,
      categories: ['Top', 'New', 'Popular', 'Free', 'Fitness', 'Cosplay'].map((name) => ({
        name,
        slug: name.toLowerCase(),
      })),
    },
  });
});

let assignUser: ReturnType<typeof renderApp>['user'];

/** Opens the New Package (Assign Ad Package) dialog of the inactive campaign, through Reactivate. */
async function openAssign() {
  const first = await openOn('bella', 'Reactivate');
  assignUser = first.user;
  await first.user.click(within(first.dialog).getByRole('button', { name: /^New Package/ }));
  return screen.findByRole('dialog', { name: 'Assign Ad Package' });
}

async function openOn(username: string, button: string) {
  const view = renderApp('/campaigns', stub);
  const card = await screen.findByRole('article', { name: `Campaign for ${username}` });
  await view.user.click(within(card).getByRole('button', { name: button }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

describe('campaign dialogs on /campaigns', () => {
  it('top-up: validates the amount against the balance, then tops up and shows the success', async () => {
    stub.on('POST', '/api/top-up-money-deposited', {
      body: { success: true, message: 'Campaign for cleo topped up successfully' },
    });
    const { user, dialog } = await openOn('cleo', 'Top-up');
    expect(within(dialog).getByRole('heading', { name: 'Top Up Campaign' })).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount (USD)');
    const submit = within(dialog).getByRole('button', { name: 'Top Up' });
    expect(amount).toHaveAttribute('step', '0.01');
    expect(submit).toBeDisabled();

    await user.type(amount, '0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid amount');
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '200.01');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Amount exceeds your available balance',
    );
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '25.5');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const authChecks = stub.requestsTo('/api/auth/check-auth').length;
    const listLoads = stub.requestsTo('/api/bought-ads-by-client').length;
    await user.click(submit);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Campaign for cleo topped up successfully',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stub.requestsTo('/api/top-up-money-deposited').map((r) => r.body)).toEqual([
      { username: 'cleo', package_id: 2, amount: 25.5, expected_status: true },
    ]);
    // A change of money reloads the balance (check-auth) and the campaigns.
    expect(stub.requestsTo('/api/auth/check-auth').length).toBeGreaterThan(authChecks);
    expect(stub.requestsTo('/api/bought-ads-by-client').length).toBeGreaterThan(listLoads);
  });

  it('top-up: shows the server message in a red box', async () => {
    stub.on('POST', '/api/top-up-money-deposited', {
      status: 400,
      body: { success: false, message: 'Amount exceeds your available balance' },
    });
    const { user, dialog } = await openOn('cleo', 'Top-up');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Top Up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Amount exceeds your available balance',
    );
  });

  it('pause: asks to confirm, then calls expire-ad-package', async () => {
    stub.on('POST', '/api/expire-ad-package', {
      body: { success: true, message: 'Campaign for cleo deactivated successfully' },
    });
    const { user, dialog } = await openOn('cleo', 'Pause');
    expect(dialog).toHaveTextContent('Are you sure you want to deactivate campaign for cleo?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Deactivate' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Campaign for cleo deactivated successfully',
    );
    expect(stub.requestsTo('/api/expire-ad-package').map((r) => r.body)).toEqual([
      { username: 'cleo', packageId: 2, expected_status: true },
    ]);
  });

  it('pause: falls back to "Error updating campaign status"', async () => {
    stub.on('POST', '/api/expire-ad-package', { status: 500, body: { success: false } });
    const { user, dialog } = await openOn('cleo', 'Pause');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error updating campaign status',
    );
  });

  it('delete: asks to confirm, then calls remove-ad-package', async () => {
    stub.on('POST', '/api/remove-ad-package', {
      body: { success: true, message: 'Campaign for bella deleted successfully!' },
    });
    const { user, dialog } = await openOn('bella', 'Delete');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the campaign for "bella"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Campaign for bella deleted successfully!',
    );
    expect(stub.requestsTo('/api/remove-ad-package').map((r) => r.body)).toEqual([
      { username: 'bella', expected_status: false },
    ]);
  });

  it('reactivate with the same package: asks an amount and tops up', async () => {
    stub.on('POST', '/api/top-up-money-deposited', {
      body: {
        success: true,
        message: 'Campaign for bella reactivated and topped up successfully!',
      },
    });
    const { user, dialog } = await openOn('bella', 'Reactivate');
    await user.click(within(dialog).getByRole('button', { name: /^Same Package/ }));
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await user.type(amount, '-1');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid amount');
    await user.clear(amount);
    await user.type(amount, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Campaign for bella reactivated and topped up successfully!',
    );
    expect(stub.requestsTo('/api/top-up-money-deposited').map((r) => r.body)).toEqual([
      { username: 'bella', package_id: 1, amount: 120, expected_status: false },
    ]);
  });

  it('reactivate with a new package: shows "Model is not available" when the check fails', async () => {
    stub.on('POST', '/api/check-model-availability', {
      status: 400,
      body: { success: false, message: 'Model is not available' },
    });
    const { user, dialog } = await openOn('bella', 'Reactivate');
    await user.click(within(dialog).getByRole('button', { name: /^New Package/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Model is not available');
    expect(stub.requestsTo('/api/check-model-availability').map((r) => r.body)).toEqual([
      { username: 'bella' },
    ]);
  });

  it('assign ad package: validates, limits package 3 categories, then assigns in one call', async () => {
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    stub.on('POST', '/api/assign-ad-package', {
      body: { success: true, message: 'Campaign for bella reactivated successfully!' },
    });
    const first = await openOn('bella', 'Reactivate');
    const { user } = first;
    await user.click(within(first.dialog).getByRole('button', { name: /^New Package/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Ad Package' });
    const submit = within(dialog).getByRole('button', { name: 'Assign Package' });

    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a package');

    const packageSelect = within(dialog).getByRole('combobox', { name: 'Package' });
    await within(dialog).findByRole('option', { name: /^Category-Specific — / });
    await user.selectOptions(packageSelect, '3');
    expect(
      within(dialog).getByText(
        'Note:(Top, New, Free, Popular) categories are not available for this package',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Deposit Amount (USD)'), '10.75');
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a category');

    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    await within(dialog).findByRole('option', { name: 'Fitness' });
    for (const name of ['Top', 'New', 'Popular', 'Free']) {
      expect(
        within(dialog).getByRole('option', { name: `${name} (Not Available)` }),
      ).toBeDisabled();
    }
    await user.selectOptions(category, 'Fitness');
    // Spec §9: floor(10.75 / 0.5) = 21.
    expect(within(dialog).getByText('Maximum clicks').nextElementSibling).toHaveTextContent('21');

    await user.clear(within(dialog).getByLabelText('Deposit Amount (USD)'));
    await user.type(within(dialog).getByLabelText('Deposit Amount (USD)'), '0');
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please enter a valid deposit amount',
    );
    // Spec §9: a new package is a new campaign deposit, $100 at least; the balance ($200) covers it.
    for (const [deposit, message] of [
      ['99.99', 'Minimum deposit for this package is $100.00'],
      ['200.01', 'You do not have enough balance to create this campaign'],
    ] as const) {
      await user.clear(within(dialog).getByLabelText('Deposit Amount (USD)'));
      await user.type(within(dialog).getByLabelText('Deposit Amount (USD)'), deposit);
      await user.click(submit);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    }
    expect(stub.requestsTo('/api/assign-ad-package')).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Deposit Amount (USD)'));
    await user.type(within(dialog).getByLabelText('Deposit Amount (USD)'), '150');
    await user.click(submit);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Campaign for bella reactivated successfully!',
    );
    expect(stub.requestsTo('/api/remove-ad-package')).toEqual([]);
    expect(stub.requestsTo('/api/assign-ad-package').map((r) => r.body)).toEqual([
      {
        username: 'bella',
        package_id: 3,
        category_name: 'Fitness',
        amount_deposit: 150,
        expected_status: false,
      },
    ]);
  });

  it('assign ad package: shows the balance, sends no category for other packages and keeps the campaign on a refusal', async () => {
    // The finding: a deposit above the balance removed the campaign, then the assign was refused.
    // The balance the client knows may be stale: the server's refusal is what counts.
    stub.signIn(makeUser({ crypto_balance: 5000 }));
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    stub.on('POST', '/api/remove-ad-package', {
      body: { success: true, message: 'Campaign for bella deleted successfully!' },
    });
    stub.on('POST', '/api/assign-ad-package', {
      status: 400,
      body: { success: false, message: 'You do not have enough balance to create this campaign' },
    });
    const first = await openOn('bella', 'Reactivate');
    const { user } = first;
    await user.click(within(first.dialog).getByRole('button', { name: /^New Package/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Ad Package' });
    const deposit = within(dialog).getByLabelText('Deposit Amount (USD)');
    expect(deposit).toHaveAccessibleDescription(
      'Minimum deposit: $100.00. Available balance: $5,000.00',
    );
    await within(dialog).findByRole('option', { name: /^Site-Wide — / });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Package' }), '2');
    expect(within(dialog).queryByRole('combobox', { name: 'Category' })).toBeNull();
    await user.type(deposit, '500');
    // Spec §9: floor(500 / 0.6) = 833, within the package's max_slots (1,000 here).
    expect(within(dialog).getByText('Maximum clicks').nextElementSibling).toHaveTextContent('833');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Package' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You do not have enough balance to create this campaign',
    );
    expect(stub.requestsTo('/api/assign-ad-package').map((r) => r.body)).toEqual([
      {
        username: 'bella',
        package_id: 2,
        category_name: null,
        amount_deposit: 500,
        expected_status: false,
      },
    ]);
    expect(stub.requestsTo('/api/remove-ad-package')).toEqual([]);
    // The dialog stays open over the campaign, which is still listed.
    expect(screen.getByRole('dialog', { name: 'Assign Ad Package' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Campaign for bella', hidden: true })).toBeTruthy();
  });

  it('assign ad package: refuses a deposit that buys more clicks than the package allows, sending nothing', async () => {
    // Issue 31 point 5: $1,000 at $0.60 buys 1,666 clicks; Site-Wide allows 1,000 here.
    stub.signIn(makeUser({ crypto_balance: 5000 }));
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    const first = await openOn('bella', 'Reactivate');
    const { user } = first;
    await user.click(within(first.dialog).getByRole('button', { name: /^New Package/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Ad Package' });
    await within(dialog).findByRole('option', { name: /^Site-Wide — / });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Package' }), '2');
    await user.type(within(dialog).getByLabelText('Deposit Amount (USD)'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Package' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This amount would take the campaign past the package maximum of 1,000 clicks',
    );
    expect(stub.requestsTo('/api/assign-ad-package')).toEqual([]);
  });

  it('assign ad package: names the packages with rate and ranks, as the create form does', async () => {
    // Issue 31 point 6, the finding: the package select showed names without rates.
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    const dialog = await openAssign();
    await within(dialog).findByRole('option', { name: /^Site-Wide/ });
    const select = within(dialog).getByRole('combobox', { name: 'Package' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a package',
      'Main Categories — $0.80/click — ranks 1-10',
      'Site-Wide — $0.60/click — ranks 1-10',
      'Category-Specific — $0.50/click — ranks 1-10',
      'Main Categories 2nd tier — $0.40/click — ranks 1-10',
    ]);
  });

  it('assign ad package: refuses more than 2 decimals as typed and sends nothing', async () => {
    // Issue 31 point 6, the finding: 100.001 reached the server.
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    stub.on('POST', '/api/assign-ad-package', {
      body: { success: true, message: 'Campaign for bella reactivated successfully!' },
    });
    const dialog = await openAssign();
    const user = assignUser;
    await within(dialog).findByRole('option', { name: /^Site-Wide — / });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Package' }), '2');
    const deposit = within(dialog).getByLabelText('Deposit Amount (USD)');
    await user.type(deposit, '100.001');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Amounts can have at most 2 decimals',
    );
    expect(deposit).toHaveAttribute('aria-invalid', 'true');
    expect(deposit).toHaveAccessibleDescription(
      'Error Amounts can have at most 2 decimals Minimum deposit: $100.00. Available balance: $200.00',
    );
    const submit = within(dialog).getByRole('button', { name: 'Assign Package' });
    expect(submit).toBeDisabled();
    fireEvent.submit(submit.closest('form')!);
    expect(stub.requestsTo('/api/assign-ad-package')).toEqual([]);

    await user.type(deposit, '{Backspace}');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(deposit).toHaveAttribute('aria-invalid', 'false');
    expect(submit).toBeEnabled();
  });

  it('assign ad package: shows a refused submit on its field and takes the message away once the field changes', async () => {
    // Issue 31 point 6, the finding: the dialog kept an old error after the amount was fixed.
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    const dialog = await openAssign();
    const user = assignUser;
    const submit = within(dialog).getByRole('button', { name: 'Assign Package' });
    await user.click(submit);
    const select = within(dialog).getByRole('combobox', { name: 'Package' });
    expect(select).toHaveFocus();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Error Please select a package');

    await within(dialog).findByRole('option', { name: /^Site-Wide — / });
    await user.selectOptions(select, '2');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const deposit = within(dialog).getByLabelText('Deposit Amount (USD)');
    await user.type(deposit, '99');
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Minimum deposit for this package is $100.00',
    );
    expect(deposit).toHaveFocus();
    expect(deposit).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAttribute('aria-invalid', 'false');
    // Changed, though still below the minimum: the message was about the amount typed before.
    await user.type(deposit, '.5');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(deposit).toHaveAttribute('aria-invalid', 'false');
    expect(stub.requestsTo('/api/assign-ad-package')).toEqual([]);
  });

  it("assign ad package: takes the server's refusal away once the amount changes", async () => {
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    stub.on('POST', '/api/assign-ad-package', {
      status: 400,
      body: { success: false, message: 'You do not have enough balance to create this campaign' },
    });
    const dialog = await openAssign();
    const user = assignUser;
    await within(dialog).findByRole('option', { name: /^Site-Wide — / });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Package' }), '2');
    const deposit = within(dialog).getByLabelText('Deposit Amount (USD)');
    await user.type(deposit, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Package' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You do not have enough balance to create this campaign',
    );
    await user.clear(deposit);
    await user.type(deposit, '120');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('assign ad package: falls back to "Error assigning package"', async () => {
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    stub.on('POST', '/api/assign-ad-package', { status: 500, body: { success: false } });
    const first = await openOn('bella', 'Reactivate');
    const { user } = first;
    await user.click(within(first.dialog).getByRole('button', { name: /^New Package/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Ad Package' });
    await within(dialog).findByRole('option', { name: /^Site-Wide — / });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Package' }), '2');
    await user.type(within(dialog).getByLabelText('Deposit Amount (USD)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Package' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error assigning package');
    expect(stub.requestsTo('/api/remove-ad-package')).toEqual([]);
  });
});
