// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AUTH_FALLBACK_MESSAGE } from '@/shared/constants';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const SIGN_IN_LIMITED = {
  success: false,
  message:
    'Too many failed sign-ins to this account from new browsers. To get in now, use a sign-in link we email you, a passkey, or a browser you have signed in from before.',
  code: 'sign_in_limited',
};
const LINK_SENT = {
  success: true,
  message:
    'If an account exists for this email, we sent it a sign-in link. It works once, within 15 minutes.',
};

async function fillLogin(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it('shows the e-mail form with its links', async () => {
    renderApp('/login', stub);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Sign in with CreatorFinder' })).toHaveAttribute(
      'href',
      '/login/partner',
    );
  });

  it('toggles the password between hidden and shown', async () => {
    const { user } = renderApp('/login', stub);
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows the server message above the form when the credentials are wrong', async () => {
    stub.on('POST', '/api/auth/login', {
      status: 401,
      body: { success: false, message: 'Invalid email or password' },
    });
    const { user } = renderApp('/login', stub);
    await fillLogin(user);
    // Spec §8: a red box titled Error (issue 17), the message under its title.
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(/^!ErrorInvalid email or password$/);
    expect(within(error).getByText('Error').tagName).toBe('STRONG');
    expect(stub.requestsTo('/api/auth/login').map((request) => request.body)).toEqual([
      { email: 'alice@example.com', password: 'secret-password' },
    ]);
  });

  it('shows the fallback message when the server fails without one', async () => {
    stub.on('POST', '/api/auth/login', { status: 500, body: { success: false } });
    const { user } = renderApp('/login', stub);
    await fillLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_FALLBACK_MESSAGE);
  });

  it('issue 14: a sign-in whose answer was lost is sent again', async () => {
    let sent = 0;
    stub.on('POST', '/api/auth/login', () => {
      if (++sent === 1) return 'network-failure';
      stub.signIn(makeUser());
      return { body: { success: true, message: 'Logged in successfully', user: makeUser() } };
    });
    const { user } = renderApp('/login', stub);
    await fillLogin(user);
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(stub.requestsTo('/api/auth/login')).toHaveLength(2);
  });

  it('issue 32: a sign-in held back by the account-wide limit says how to get in and mails a sign-in link', async () => {
    stub.on('POST', '/api/auth/login', { status: 429, body: SIGN_IN_LIMITED });
    stub.on('POST', '/api/auth/email-sign-in', { body: LINK_SENT });
    const { user } = renderApp('/login', stub);
    await fillLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_LIMITED.message);
    await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(LINK_SENT.message);
    expect(stub.requestsTo('/api/auth/email-sign-in').map((request) => request.body)).toEqual([
      { email: 'alice@example.com' },
    ]);
  });

  it('issue 32: another 429 offers no link', async () => {
    stub.on('POST', '/api/auth/login', {
      status: 429,
      body: {
        success: false,
        message: 'Too many attempts. Please wait a few minutes and try again.',
      },
    });
    const { user } = renderApp('/login', stub);
    await fillLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });

  it('reads "Signing in..." while loading, then goes to the dashboard, replacing history', async () => {
    const login = stub.hold('POST', '/api/auth/login');
    const { user, router } = renderApp('/login', stub);
    await fillLogin(user);
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    stub.signIn(makeUser());
    login.release({ body: { success: true, message: 'Logged in successfully', user: makeUser() } });
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.history.length).toBe(1);
  });
});
