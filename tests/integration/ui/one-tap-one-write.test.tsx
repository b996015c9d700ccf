// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Campaign } from '@/shared/contract/campaigns';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/**
 * Issue 31 points 1-3 on /campaigns: a second press before the first is drawn sends nothing (the
 * button's lock is taken synchronously, not read from the last render); a write refused because the
 * campaign changed refreshes the list and says what changed; a success message is said by the page
 * even when the refetch removed the row whose dialog sent the write.
 */

const active = makeCampaign(2, 'cleo');
const inactive = makeCampaign(1, 'bella', {
  status: false,
  package_id: 1,
  package_name: 'Main Categories',
});

let stub: StubServer;
let listed: Campaign[];
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 200 }));
  listed = [active, inactive];
  stub.on('GET', '/api/bought-ads-by-client', () => ({
    body: { success: true, message: 'Campaigns fetched', data: listed },
  }));
  stub.on('GET', '/api/all/ad-packages', {
    body: {
      success: true,
      data: [1, 2].map((id) => ({
        id,
        name: id === 1 ? 'Main Categories' : 'Site-Wide',
        click_rate: id === 1 ? 0.8 : 0.6,
        max_slots: 10000,
        ranks: '1-5',
        categories: ['All'],
        ad_icon: true,
        popup_ads: true,
      })),
    },
  });
});

async function openOn(username: string, button: string) {
  const view = renderApp('/campaigns', stub);
  const card = await screen.findByRole('article', { name: `Campaign for ${username}` });
  await view.user.click(within(card).getByRole('button', { name: button }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

/** Two presses in one task, as two taps land before a slow phone draws the first one's state. */
function pressTwice(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

describe('one tap, one write', () => {
  it('two presses of Top Up send one top-up', async () => {
    stub.on('POST', '/api/top-up-money-deposited', {
      body: { success: true, message: 'Campaign for cleo topped up successfully' },
    });
    const { user, dialog } = await openOn('cleo', 'Top-up');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '50.25');
    pressTwice(within(dialog).getByRole('button', { name: 'Top Up' }));
    await screen.findByText('Campaign for cleo topped up successfully');
    expect(stub.requestsTo('/api/top-up-money-deposited')).toHaveLength(1);
  });

  it('two presses of Yes, Deactivate pause once and show no error', async () => {
    stub.on('POST', '/api/expire-ad-package', () => {
      listed = [{ ...active, status: false }, inactive];
      return { body: { success: true, message: 'Campaign for cleo deactivated successfully' } };
    });
    const { dialog } = await openOn('cleo', 'Pause');
    pressTwice(within(dialog).getByRole('button', { name: 'Yes, Deactivate' }));
    await screen.findByText('Campaign for cleo deactivated successfully');
    expect(stub.requestsTo('/api/expire-ad-package')).toHaveLength(1);
    expect(screen.queryByText('This campaign is not active')).toBeNull();
  });

  it('says "deleted successfully" although the refetch removed the deleted row', async () => {
    stub.on('POST', '/api/remove-ad-package', () => {
      listed = [active];
      return { body: { success: true, message: 'Campaign for bella deleted successfully!' } };
    });
    const { user, dialog } = await openOn('bella', 'Delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Campaign for bella deleted successfully!')).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Campaign for bella' })).toBeNull();
  });

  it('says "reactivated successfully" although the new package replaced the row', async () => {
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    stub.on('POST', '/api/assign-ad-package', () => {
      listed = [active, makeCampaign(7, 'bella', { package_id: 2, package_name: 'Site-Wide' })];
      return { body: { success: true, message: 'Campaign for bella reactivated successfully!' } };
    });
    const { user, dialog } = await openOn('bella', 'Reactivate');
    await user.click(within(dialog).getByRole('button', { name: /^New Package/ }));
    const assign = await screen.findByRole('dialog', { name: 'Assign Ad Package' });
    await within(assign).findByRole('option', { name: /^Site-Wide/ });
    await user.selectOptions(within(assign).getByRole('combobox', { name: 'Package' }), '2');
    await user.type(within(assign).getByLabelText('Deposit Amount (USD)'), '100');
    await user.click(within(assign).getByRole('button', { name: 'Assign Package' }));
    expect(await screen.findByText('Campaign for bella reactivated successfully!')).toBeVisible();
  });

  it('a top-up of a campaign paused elsewhere says so and shows it paused', async () => {
    const changed = 'This campaign was paused in the meantime; reactivate it instead';
    stub.on('POST', '/api/top-up-money-deposited', () => {
      listed = [{ ...active, status: false }, inactive];
      return { status: 409, body: { success: false, code: 'campaign_changed', message: changed } };
    });
    const { user, dialog } = await openOn('cleo', 'Top-up');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Top Up' }));
    expect(await within(dialog).findByText(changed)).toBeVisible();
    // Refused once, never retried as a write still being processed; the list shows it paused.
    expect(stub.requestsTo('/api/top-up-money-deposited')).toHaveLength(1);
    const card = await screen.findByRole('article', { name: 'Campaign for cleo', hidden: true });
    await within(card).findByRole('button', { name: 'Reactivate', hidden: true });
  });
});
