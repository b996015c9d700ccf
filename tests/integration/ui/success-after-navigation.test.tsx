// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** Issue 13: an action that ends on another page says it succeeded there (spec §8 messages). */

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 500 }));
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: [] },
  });
  stub.on('POST', '/api/campaign-daily-clicks', {
    body: { success: true, granularity: 'day', data: [] },
  });
});

/** The page's success box: the status region that says `text` (a page has other ones). */
const queryMessage = (text: string) =>
  screen.queryAllByRole('status').find((region) => within(region).queryByText(text));

async function findSuccessBox(text: string) {
  return waitFor(() => {
    const box = queryMessage(text);
    expect(box).toBeDefined();
    return box!;
  });
}

const deleted = 'Campaign for iris deleted successfully!';

async function deleteFromTracker() {
  stub.on('POST', '/api/profile-ad-details', {
    body: {
      success: true,
      message: 'Profile ad details fetched',
      user: makeCampaign(7, 'iris', { status: false, end_date: '2025-04-01T12:00:00.000Z' }),
    },
  });
  stub.on('POST', '/api/remove-ad-package', { body: { success: true, message: deleted } });
  const app = renderApp('/analytics/iris', stub);
  await app.user.click(await screen.findByRole('button', { name: 'Delete' }));
  await app.user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
  );
  expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
  return app;
}

describe('deleting a campaign from its tracker', () => {
  it('says "Campaign for iris deleted successfully!" on the dashboard, with focus on it', async () => {
    await deleteFromTracker();
    const box = await findSuccessBox(deleted);
    // Focus moves to the message: the dialog's Delete button is gone, and a screen reader reads it.
    await waitFor(() => expect(box.parentElement).toHaveFocus());
  });

  it('lets the message be dismissed', async () => {
    const { user } = await deleteFromTracker();
    await findSuccessBox(deleted);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(queryMessage(deleted)).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('does not say it again after a reload', async () => {
    const { router, unmount } = await deleteFromTracker();
    await findSuccessBox(deleted);
    // A reload renders the same history entry, with the state it carries now.
    const entry = router.history.location;
    unmount();
    renderApp(entry.pathname, stub, { state: { ...entry.state } });
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(queryMessage(deleted)).toBeUndefined();
  });

  it('does not say it again when coming back to the dashboard', async () => {
    const { router } = await deleteFromTracker();
    await findSuccessBox(deleted);
    await router.navigate({ to: '/campaigns' });
    expect(await screen.findByRole('heading', { name: 'Your Campaigns' })).toBeInTheDocument();
    router.history.back();
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(queryMessage(deleted)).toBeUndefined();
  });
});

describe('creating a campaign', () => {
  it('says "Campaign for bella created successfully" on its tracker', async () => {
    stub.on('POST', '/api/check-model-availability', {
      body: { success: true, message: 'Model is available' },
    });
    stub.on('GET', '/api/all/ad-packages', {
      body: {
        success: true,
        data: [
          {
            id: 2,
            name: 'Site-Wide',
            click_rate: 0.6,
            max_slots: 10000,
            ranks: '6-10',
            categories: ['All'],
            ad_icon: true,
            popup_ads: true,
          },
        ],
      },
    });
    stub.on('GET', '/api/get-all-categories', { body: { success: true, categories: [] } });
    stub.on('POST', '/api/new-campaign', {
      status: 201,
      body: { success: true, message: 'Campaign for bella created successfully' },
    });
    stub.on('POST', '/api/profile-ad-details', {
      body: {
        success: true,
        message: 'Profile ad details fetched',
        user: makeCampaign(9, 'bella'),
      },
    });
    const { user } = renderApp('/create-campaign/profile/bella', stub);
    await screen.findByRole('form', { name: 'Create campaign' });
    await user.click(screen.getByRole('radio', { name: /^Site-Wide — / }));
    await user.type(screen.getByRole('spinbutton', { name: 'Deposit Amount (USD)' }), '150');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign Tracker' })).toBeInTheDocument();
    await findSuccessBox('Campaign for bella created successfully');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(queryMessage('Campaign for bella created successfully')).toBeUndefined();
  });
});
