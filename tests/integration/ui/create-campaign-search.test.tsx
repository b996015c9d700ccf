// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Campaign, CreatorSearchResult } from '@/shared/contract/campaigns';
import { makeCampaign } from './helpers/factories';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser({ crypto_balance: 500 }));
});
afterEach(() => {
  vi.useRealTimers();
});

function creator(n: number, overrides: Partial<CreatorSearchResult> = {}): CreatorSearchResult {
  return {
    username: `creator${n}`,
    full_name: `Creator Number ${n}`,
    avatar: `/avatars/creator${n}.svg`,
    likes: 12_345,
    photos_count: 321,
    videos_count: 45,
    subscribe_price: 9.99,
    active_adpackage: false,
    ...overrides,
  };
}

function answerSearch(results: CreatorSearchResult[]) {
  stub.on('POST', '/api/search-profiles', { body: { success: true, data: results } });
}

function answerCampaigns(campaigns: Campaign[]) {
  stub.on('GET', '/api/bought-ads-by-client', {
    body: { success: true, message: 'Campaigns fetched', data: campaigns },
  });
}

async function searchBox() {
  return screen.findByRole('searchbox', { name: 'Search creators' });
}

function results() {
  return within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('article');
}

describe('/create-campaign search', () => {
  it('asks for 2 characters and searches 300 ms after the typing stops', async () => {
    answerSearch([creator(1)]);
    const { queryClient } = renderApp('/create-campaign', stub);
    const input = await searchBox();
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    const searches = () =>
      queryClient.getQueryCache().findAll({ queryKey: ['creators', 'search'] });

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    expect(searches()).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'ab' } });
    expect(screen.queryByText('Type at least 2 characters to search')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(299));
    fireEvent.change(input, { target: { value: 'abc' } });
    act(() => vi.advanceTimersByTime(299));
    expect(searches()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(searches().map((query) => query.queryKey)).toEqual([['creators', 'search', 'abc']]);
    vi.useRealTimers();

    expect(await screen.findByRole('heading', { name: 'Creator Number 1' })).toBeInTheDocument();
    expect(stub.requestsTo('/api/search-profiles').map((request) => request.body)).toEqual([
      { query: 'abc' },
    ]);
  });

  it('shows username, full name, avatar, likes, photos, videos and price', async () => {
    answerSearch([creator(1)]);
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'cr');
    const card = await screen.findByRole('article', { name: 'creator1' });
    expect(within(card).getByRole('heading')).toHaveTextContent('Creator Number 1');
    expect(within(card).getByText('@creator1')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/avatars/creator1.svg');
    const stats = [...card.querySelectorAll('dt')].map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    );
    expect(stats).toEqual(['Likes: 12.3K', 'Photos: 321', 'Videos: 45', 'Price: $9.99']);
    expect(within(card).getByRole('link', { name: 'Start campaign for creator1' })).toHaveAttribute(
      'href',
      '/create-campaign/profile/creator1',
    );
  });

  it('offers "View campaign" for a creator you promote, leading to its tracker', async () => {
    answerSearch([creator(1, { active_adpackage: true }), creator(2)]);
    answerCampaigns([makeCampaign(7, 'creator1')]);
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'cr');
    const card = await screen.findByRole('article', { name: 'creator1' });
    expect(within(card).getByText('● Your campaign is active')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View campaign for creator1' })).toHaveAttribute(
      'href',
      '/analytics/creator1',
    );
    expect(
      within(card).getByRole('link', { name: 'View campaign for creator1' }),
    ).toHaveTextContent('View campaign');
    expect(
      within(card).queryByRole('link', { name: 'Start campaign for creator1' }),
    ).not.toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'creator2' });
    expect(
      within(other).getByRole('link', { name: 'Start campaign for creator2' }),
    ).toHaveAttribute('href', '/create-campaign/profile/creator2');
  });

  it('offers "View campaign" from the search answer alone when your campaigns fail to load', async () => {
    answerSearch([creator(1, { active_adpackage: true })]);
    stub.on('GET', '/api/bought-ads-by-client', {
      status: 500,
      body: { success: false, message: 'Internal server error' },
    });
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'cr');
    const card = await screen.findByRole('article', { name: 'creator1' });
    expect(within(card).getByRole('link', { name: 'View campaign for creator1' })).toHaveAttribute(
      'href',
      '/analytics/creator1',
    );
  });

  it('offers "Reactivate" for a creator whose campaign is inactive, leading to its tracker', async () => {
    answerSearch([creator(1)]);
    answerCampaigns([makeCampaign(7, 'Creator1', { status: false })]);
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'cr');
    const card = await screen.findByRole('article', { name: 'creator1' });
    const reactivate = await within(card).findByRole('link', {
      name: 'Reactivate campaign for creator1',
    });
    expect(reactivate).toHaveTextContent('Reactivate');
    expect(reactivate).toHaveAttribute('href', '/analytics/creator1');
    expect(within(card).getByText('Your campaign is inactive')).toBeInTheDocument();
    expect(
      within(card).queryByRole('link', { name: 'Start campaign for creator1' }),
    ).not.toBeInTheDocument();
  });

  it('pages the results 10 at a time in the client', async () => {
    answerSearch(Array.from({ length: 25 }, (_, index) => creator(index + 1)));
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'creator');
    await screen.findByText('Showing 1–10 of 25 profiles');
    expect(results().map((card) => card.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 10 }, (_, index) => `creator${index + 1}`),
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 11–20 of 25 profiles')).toBeInTheDocument();
    expect(results()[0]).toHaveAccessibleName('creator11');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing 21–25 of 25 profiles')).toBeInTheDocument();
    expect(results().map((card) => card.getAttribute('aria-label'))).toEqual([
      'creator21',
      'creator22',
      'creator23',
      'creator24',
      'creator25',
    ]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(stub.requestsTo('/api/search-profiles')).toHaveLength(1);
  });

  it('says when the server stopped at its 100 best matches', async () => {
    answerSearch(Array.from({ length: 100 }, (_, index) => creator(index + 1)));
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'creator');
    expect(
      await screen.findByText(
        'Showing 1–10 of the first 100 matches. Type more of the name to narrow the search.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/of 100 profiles/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
  });

  it('counts the profiles when fewer than 100 match', async () => {
    answerSearch(Array.from({ length: 99 }, (_, index) => creator(index + 1)));
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'creator');
    expect(await screen.findByText('Showing 1–10 of 99 profiles')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    answerSearch([]);
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No profiles found' })).toBeInTheDocument();
  });

  it.each([
    [
      500,
      { success: false, message: 'Internal server error' },
      'Failed to search profiles. Please try again.',
    ],
    [400, { success: false, message: 'Search text is too long' }, 'Search text is too long'],
  ])('shows the search failure (%i)', async (status, body, message) => {
    stub.on('POST', '/api/search-profiles', { status, body });
    const { user } = renderApp('/create-campaign', stub);
    await user.type(await searchBox(), 'cr');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('disables the search at a balance of $90 and warns below $100', async () => {
    stub.signIn(makeUser({ crypto_balance: 90 }));
    renderApp('/create-campaign', stub);
    expect(await searchBox()).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent(
      'You need minimum of $100 to avail all features.',
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'Creator search is disabled until your balance is above $90.',
    );
  });

  it('allows the search above $90 but still warns below $100', async () => {
    stub.signIn(makeUser({ crypto_balance: 90.01 }));
    renderApp('/create-campaign', stub);
    expect(await searchBox()).toBeEnabled();
    expect(screen.getByRole('note')).toHaveTextContent(
      'You need minimum of $100 to avail all features.',
    );
    expect(screen.getByRole('note')).not.toHaveTextContent('Creator search is disabled');
  });

  it('shows no warning at $100', async () => {
    stub.signIn(makeUser({ crypto_balance: 100 }));
    renderApp('/create-campaign', stub);
    expect(await searchBox()).toBeEnabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
