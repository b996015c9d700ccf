// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AdPackage, Campaign } from '@/shared/contract/campaigns';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

const siteWide: AdPackage = {
  id: 2,
  name: 'Site-Wide',
  click_rate: 0.6,
  max_slots: 10000,
  ranks: '6-10',
  categories: ['All'],
  ad_icon: true,
  popup_ads: true,
};

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());

beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 500 }));
  stub.on('GET', '/api/all/ad-packages', { body: { success: true, data: [siteWide] } });
  stub.on('GET', '/api/get-all-categories', { body: { success: true, categories: [] } });
});

function answerCampaigns(campaigns: Campaign[]) {
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: campaigns },
  });
}

function answerAvailability(available: boolean) {
  stub.on(
    'POST',
    '/api/check-model-availability',
    available
      ? { body: { success: true, message: 'Model is available' } }
      : { status: 400, body: { success: false, message: 'Model is not available' } },
  );
}

describe('/create-campaign/profile/$username for a creator you already promote', () => {
  it('links to your active campaign instead of "Model Not Available"', async () => {
    // The server answers 400 for a profile with the advertiser's own active campaign.
    answerAvailability(false);
    answerCampaigns([makeCampaign(7, 'bella')]);
    const { router } = renderApp('/create-campaign/profile/bella', stub);

    expect(
      await screen.findByRole('heading', { name: 'You already promote bella' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your campaign for bella is active. Top it up or pause it on its tracker.'),
    ).toBeInTheDocument();
    const view = screen.getByRole('link', { name: 'View campaign for bella' });
    expect(view).toHaveTextContent('View campaign');
    expect(view).toHaveAttribute('href', '/analytics/bella');
    expect(screen.getByRole('link', { name: 'Find another creator' })).toHaveAttribute(
      'href',
      '/create-campaign',
    );
    expect(router.state.location.pathname).toBe('/create-campaign/profile/bella');
    expect(screen.queryByRole('heading', { name: 'Model Not Available' })).not.toBeInTheDocument();
  });

  it('offers Reactivate for your inactive campaign instead of the form', async () => {
    answerAvailability(true);
    answerCampaigns([makeCampaign(8, 'other'), makeCampaign(7, 'Bella', { status: false })]);
    renderApp('/create-campaign/profile/bella', stub);

    expect(
      await screen.findByRole('heading', { name: 'You already have a campaign for Bella' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your campaign for Bella is inactive. Reactivate it on its tracker to promote this creator again.',
      ),
    ).toBeInTheDocument();
    const reactivate = screen.getByRole('link', { name: 'Reactivate campaign for Bella' });
    expect(reactivate).toHaveTextContent('Reactivate');
    expect(reactivate).toHaveAttribute('href', '/analytics/Bella');
    expect(screen.queryByRole('form', { name: 'Create campaign' })).not.toBeInTheDocument();
  });

  it('shows the form for a creator you do not promote', async () => {
    answerAvailability(true);
    answerCampaigns([makeCampaign(8, 'other', { status: false })]);
    renderApp('/create-campaign/profile/bella', stub);
    expect(await screen.findByRole('form', { name: 'Create campaign' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Reactivate/ })).not.toBeInTheDocument();
  });

  it('still sends a profile that is not yours and not available to "Model Not Available"', async () => {
    answerAvailability(false);
    answerCampaigns([makeCampaign(8, 'other')]);
    const { router } = renderApp('/create-campaign/profile/bella', stub);
    expect(await screen.findByRole('heading', { name: 'Model Not Available' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
  });

  it('goes to the tracker after creating the campaign, though the list now holds it', async () => {
    answerAvailability(true);
    let created = false;
    stub.on('GET', '/api/bought-ads-by-client', () => ({
      body: {
        success: true,
        message: 'Campaigns fetched',
        data: created ? [makeCampaign(9, 'bella')] : [],
      },
    }));
    stub.on('POST', '/api/new-campaign', () => {
      created = true;
      return {
        status: 201,
        body: { success: true, message: 'Campaign for bella created successfully' },
      };
    });
    const { user, router } = renderApp('/create-campaign/profile/bella', stub);
    await screen.findByRole('form', { name: 'Create campaign' });
    await user.click(screen.getByRole('radio', { name: /^Site-Wide — / }));
    await user.type(screen.getByRole('spinbutton', { name: 'Deposit Amount (USD)' }), '150');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics/bella'));
  });
});
