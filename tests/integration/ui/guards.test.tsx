// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { endSessionLeftOpenOnReconnect } from '@/entities/session/api/session-to-end';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

describe('route guards', () => {
  it('shows a spinner while checking, then sends a signed-out visitor of a protected page to /', async () => {
    const check = stub.hold('GET', '/api/auth/check-auth');
    const { router } = renderApp('/account', stub);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    check.release({ status: 401, body: { success: false, message: 'Not authenticated' } });
    expect(await screen.findByText('Use your CreatorFinder account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/', '/login', '/login/partner', '/register'])(
    'sends a signed-in user from %s to /dashboard',
    async (path) => {
      stub.signIn(makeUser());
      const { router } = renderApp(path, stub);
      expect(
        await screen.findByRole('heading', { name: 'Campaign Dashboard' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('treats a failed auth check without a last-known user as signed out', async () => {
    stub.on('GET', '/api/auth/check-auth', 'network-failure');
    const { router } = renderApp('/dashboard', stub);
    expect(await screen.findByText('Use your CreatorFinder account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the last-known user signed in when the server cannot be reached', async () => {
    stub.signIn(makeUser());
    const { router, queryClient } = renderApp('/dashboard', stub);
    await screen.findByRole('heading', { name: 'Campaign Dashboard' });
    stub.on('GET', '/api/auth/check-auth', 'network-failure');
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    await router.navigate({ to: '/campaigns' });
    expect(await screen.findByRole('heading', { name: 'Your Campaigns' })).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
  });

  it('signs out when any call answers 401', async () => {
    stub.signIn(makeUser());
    stub.on('GET', '/api/get-user-details', {
      status: 401,
      body: { success: false, message: 'Not authenticated' },
    });
    const { router } = renderApp('/account', stub);
    expect(await screen.findByText('Use your CreatorFinder account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects /topup to /topup-balance', async () => {
    stub.signIn(makeUser());
    const { router } = renderApp('/topup', stub);
    expect(await screen.findByRole('heading', { name: 'Top Up Balance' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/topup-balance');
  });
});

describe('signed-in layout', () => {
  it('has the sidebar links, the user and the unverified banner', async () => {
    stub.signIn(makeUser({ isVerified: false }));
    const { user } = renderApp('/dashboard', stub);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const hrefs = Object.fromEntries(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(hrefs).toEqual({
      Dashboard: '/dashboard',
      'New Campaign': '/create-campaign',
      'Topup Balance': '/topup-balance',
      Transactions: '/transactions',
      Statement: '/statement',
      Notifications: '/notifications',
      Support: '/support',
      'My Account': '/account',
    });
    const group = within(nav).getByRole('button', { name: 'Campaigns' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Your Campaigns' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    expect(within(nav).getByRole('link', { name: 'Expired Campaigns' })).toHaveAttribute(
      'href',
      '/campaign-history',
    );
    expect(screen.getByRole('link', { name: /alice\s*alice@example\.com/ })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Please verify your accountCheck your email for verification link',
    );
  });

  it('logs out: clears the cache and goes to /', async () => {
    stub.signIn(makeUser());
    stub.on('POST', '/api/auth/logout', () => {
      stub.signIn(null);
      return { body: { success: true, message: 'Logged out successfully' } };
    });
    const { user, router, queryClient } = renderApp('/dashboard', stub);
    await screen.findByRole('heading', { name: 'Campaign Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Use your CreatorFinder account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull();
    await waitFor(() => expect(stub.requestsTo('/api/auth/logout')).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem('promo-session-to-end')).toBeNull());
  });

  it('logs out at once when the logout request fails; the next request ends the session', async () => {
    stub.signIn(makeUser());
    stub.on('POST', '/api/auth/logout', 'network-failure');
    // As src/main.tsx does at start.
    const stopEnding = endSessionLeftOpenOnReconnect();
    const { user, router, queryClient } = renderApp('/dashboard', stub);
    await screen.findByRole('heading', { name: 'Campaign Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Use your CreatorFinder account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull();
    await waitFor(() => expect(stub.requestsTo('/api/auth/logout')).toHaveLength(1));
    expect(localStorage.getItem('promo-session-to-end')).toBe('1');

    // The server still knows the session, yet nobody is signed in: the session is ended once the
    // connection is back.
    stub.on('POST', '/api/auth/logout', () => {
      stub.signIn(null);
      return { body: { success: true, message: 'Logged out successfully' } };
    });
    const checks = stub.requestsTo('/api/auth/check-auth').length;
    await router.navigate({ to: '/dashboard' });
    expect(await screen.findByText('Use your CreatorFinder account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(stub.requestsTo('/api/auth/logout')).toHaveLength(1);
    // The connection is back (the failed request had marked the server unreachable).
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(stub.requestsTo('/api/auth/logout')).toHaveLength(2));
    await waitFor(() => expect(localStorage.getItem('promo-session-to-end')).toBeNull());
    expect(stub.requestsTo('/api/auth/check-auth')).toHaveLength(checks);
    stopEnding();
  });
});

describe('error page', () => {
  it('answers every unknown path with the defaults', async () => {
    renderApp('/no/such/page', stub);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found · PromoClicks');
    expect(
      screen.getByText("Sorry, we couldn't find the page you're looking for."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('reads status, title and message from navigation state', async () => {
    renderApp('/error', stub, {
      state: {
        status: 400,
        title: 'Model Not Available',
        message: 'Sorry, this model is currently not available for campaigns.',
      },
    });
    expect(await screen.findByRole('heading', { name: 'Model Not Available' })).toBeInTheDocument();
    expect(screen.getByText('400')).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, this model is currently not available for campaigns.'),
    ).toBeInTheDocument();
  });

  it('reads them from the search too', async () => {
    renderApp('/error?status=500&title=%22Error%20Checking%20Model%22', stub);
    expect(
      await screen.findByRole('heading', { name: 'Error Checking Model' }),
    ).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
  });

  it('goes back', async () => {
    const { user, router } = renderApp('/forgot-password', stub);
    await screen.findByRole('heading', { name: 'Forgot password?' });
    await router.navigate({ to: '/error' });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
