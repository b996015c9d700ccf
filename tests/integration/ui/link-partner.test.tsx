// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** Issue 16 point 5: the page of the partner-link mail, and the partner login that mails it. */

const DETAILS = '/api/auth/link-partner/details';
const LINK = '/api/auth/link-partner';
const PAGE = '/account/link-partner/token-1';
const LINK_SENT =
  'An account with this e-mail already exists. We sent it a link: open it while signed in to that account to link your CreatorFinder account.';
const LINKED = 'Your CreatorFinder account is linked. You can now sign in with it.';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

function signedInWithLink() {
  stub.signIn(makeUser());
  stub.on('POST', DETAILS, {
    body: { success: true, message: 'Link found', data: { partnerUsername: 'anna_partner' } },
  });
}

describe('/account/link-partner/{token}', () => {
  it('names the partner account and links nothing until the owner clicks', async () => {
    signedInWithLink();
    renderApp(PAGE, stub);
    expect(
      await screen.findByRole('heading', { name: 'Link your CreatorFinder account' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Link account' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Link the CreatorFinder account anna_partner to the PromoClicks account you are signed in to',
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'Whoever can sign in to that CreatorFinder account will be able to sign in to this one.',
    );
    expect(screen.getByRole('link', { name: 'Not now' })).toHaveAttribute('href', '/dashboard');
    expect(stub.requestsTo(DETAILS).map((request) => request.body)).toEqual([{ token: 'token-1' }]);
    expect(stub.requestsTo(LINK)).toEqual([]);
  });

  it('links on the click, says so in its live region and moves focus on', async () => {
    signedInWithLink();
    const linking = stub.hold('POST', LINK);
    const { user } = renderApp(PAGE, stub);
    await user.click(await screen.findByRole('button', { name: 'Link account' }));
    expect(screen.getByRole('button', { name: 'Linking...' })).toBeDisabled();
    linking.release({ body: { success: true, message: LINKED } });
    expect(
      await screen.findByRole('heading', { name: 'CreatorFinder account linked' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(LINKED);
    const next = screen.getByRole('link', { name: 'Go to your account' });
    expect(next).toHaveAttribute('href', '/account');
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Link account' })).not.toBeInTheDocument();
    expect(stub.requestsTo(LINK).map((request) => request.body)).toEqual([{ token: 'token-1' }]);
  });

  it('shows a refusal as an alert and keeps the button', async () => {
    signedInWithLink();
    const message = 'This CreatorFinder account is already linked to another account.';
    stub.on('POST', LINK, { status: 409, body: { success: false, message } });
    const { user } = renderApp(PAGE, stub);
    await user.click(await screen.findByRole('button', { name: 'Link account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Link account' })).toBeEnabled();
  });

  it('asks a signed-out visitor to sign in and open the link again', async () => {
    stub.on('POST', DETAILS, {
      status: 401,
      body: { success: false, message: 'Not authenticated' },
    });
    renderApp(PAGE, stub);
    expect(
      await screen.findByText(
        'Sign in to the account this link was sent to, then open the link again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Link your CreatorFinder account' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(stub.requestsTo(LINK)).toEqual([]);
  });

  it("shows the server's refusal of a link that is not the account's, used or expired", async () => {
    stub.signIn(makeUser());
    stub.on('POST', DETAILS, {
      status: 400,
      body: { success: false, message: 'The link is invalid or has expired' },
    });
    renderApp(PAGE, stub);
    expect(await screen.findByRole('heading', { name: 'Account not linked' })).toBeInTheDocument();
    expect(screen.getByText('The link is invalid or has expired')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A link works once, for 24 hours, and only while signed in to the account it was sent to.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Link account' })).not.toBeInTheDocument();
  });
});

describe('partner login with the e-mail of a local account', () => {
  it('shows that a link was mailed', async () => {
    stub.on('POST', '/api/auth/login-with-partner', {
      status: 409,
      body: { success: false, message: LINK_SENT },
    });
    const { user } = renderApp('/', stub);
    await user.type(await screen.findByLabelText('Username'), 'anna_partner');
    await user.type(screen.getByLabelText('Password'), 'partner-secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_SENT);
  });
});
