// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const PATH = '/account/sign-in/a-sign-in-token';

describe('issue 32: /account/sign-in/{token}, the mailed sign-in link', () => {
  it('signs in when its button is pressed (not as it opens) and goes to the dashboard', async () => {
    stub.on('POST', '/api/auth/email-sign-in/confirm', () => {
      stub.signIn(makeUser());
      return { body: { success: true, message: 'Logged in successfully', user: makeUser() } };
    });
    const { user, router } = renderApp(PATH, stub);
    expect(await screen.findByRole('heading', { name: 'Sign in with your link' })).toBeVisible();
    expect(stub.requestsTo('/api/auth/email-sign-in/confirm')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(stub.requestsTo('/api/auth/email-sign-in/confirm').map((r) => r.body)).toEqual([
      { token: 'a-sign-in-token' },
    ]);
  });

  it('says when the link is used or expired, and leads back to the sign-in page', async () => {
    stub.on('POST', '/api/auth/email-sign-in/confirm', {
      status: 400,
      body: { success: false, message: 'The sign-in link is invalid or has expired' },
    });
    const { user } = renderApp(PATH, stub);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in link is invalid or has expired',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('asks for the second factor when two-factor sign-in is on', async () => {
    stub.on('POST', '/api/auth/email-sign-in/confirm', {
      body: {
        success: true,
        message:
          'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
        secondFactor: { totp: true, passkey: false },
      },
    });
    const { user } = renderApp(PATH, stub);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });
});
