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

async function fillPartnerLogin(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Username'), 'creator_fan');
  await user.type(screen.getByLabelText('Password'), 'partner-secret');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('partner-account login on / and /login/{product}', () => {
  it('shows username, password, remember me and the partner links', async () => {
    renderApp('/', stub);
    expect(await screen.findByText('Use your CreatorFinder account')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      'https://partner.test/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('posts to the partner login path and goes to the dashboard', async () => {
    stub.on('POST', '/api/auth/login-with-partner', () => {
      stub.signIn(makeUser());
      return { body: { success: true, message: 'Logged in successfully', user: makeUser() } };
    });
    const { user, router } = renderApp('/', stub);
    await fillPartnerLogin(user);
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(stub.requestsTo('/api/auth/login-with-partner').map((request) => request.body)).toEqual([
      { username: 'creator_fan', password: 'partner-secret' },
    ]);
  });

  it.each([
    [401, 'Invalid username or password'],
    [502, 'The partner site is not reachable right now. Please try again later.'],
    [429, 'Too many attempts. Please wait a few minutes and try again.'],
  ])('shows the server message of a %i answer', async (status, message) => {
    stub.on('POST', '/api/auth/login-with-partner', {
      status,
      body: { success: false, message },
    });
    const { user } = renderApp('/login/partner', stub);
    await fillPartnerLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // Issue 17: wrong credentials mark both fields; a limit or an unreachable partner neither.
    for (const label of ['Username', 'Password']) {
      const field = screen.getByLabelText(label, { selector: 'input' });
      if (status === 401) {
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field).toHaveAccessibleDescription(`Error ${message}`);
      } else {
        expect(field).not.toHaveAttribute('aria-invalid');
      }
    }
  });

  it('answers an unknown product with the not-found error page', async () => {
    renderApp('/login/other-site', stub);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});
