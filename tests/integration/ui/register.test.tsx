// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

async function fillRegistration(
  user: ReturnType<typeof renderApp>['user'],
  confirmPassword = 'long-password',
) {
  await user.type(await screen.findByLabelText('Username'), 'alice');
  await user.type(screen.getByLabelText('Email'), 'alice@example.com');
  await user.type(screen.getByLabelText('Password'), 'long-password');
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/register', () => {
  it('has every field, required, with the external terms and privacy links', async () => {
    renderApp('/register', stub);
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
      expect(await screen.findByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('checkbox', { name: /I agree to the/ })).toBeRequired();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://partner.test/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://partner.test/privacy',
    );
  });

  it('refuses mismatched passwords without sending anything', async () => {
    const { user } = renderApp('/register', stub);
    await fillRegistration(user, 'other-password');
    expect(await screen.findByRole('alert')).toHaveTextContent("Passwords don't match!");
    expect(stub.requestsTo('/api/auth/register')).toEqual([]);
  });

  it('says as typed that the password holds the username, marks it and sends nothing', async () => {
    // Issue 32 point 1: the common list is the server's; the owner's names are checked as typed.
    const { user } = renderApp('/register', stub);
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Email'), 'a.smith@example.com');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Alice-2026');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your password must not contain your username',
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.clear(password);
    await user.type(password, 'kettle-drum-26');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(password, 'A.SMITH');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your password must not contain the name of your e-mail address',
    );
    await user.type(screen.getByLabelText('Confirm Password'), 'kettle-drum-26A.SMITH');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(stub.requestsTo('/api/auth/register')).toEqual([]);
  });

  it("shows the server's refusal of a common password on the password field", async () => {
    const message =
      'This password is one of the most common passwords. Please choose one that is harder to guess';
    stub.on('POST', '/api/auth/register', { status: 400, body: { success: false, message } });
    const { user } = renderApp('/register', stub);
    await fillRegistration(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server message when the details are refused', async () => {
    const message =
      'Unable to register with these details. If you already have an account, sign in or reset your password.';
    stub.on('POST', '/api/auth/register', { status: 409, body: { success: false, message } });
    const { user } = renderApp('/register', stub);
    await fillRegistration(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('creates the account and goes to the dashboard', async () => {
    stub.on('POST', '/api/auth/register', () => {
      stub.signIn(makeUser({ isVerified: false }));
      return {
        status: 201,
        body: {
          success: true,
          message: 'Account created successfully. Please check your email to verify your account.',
          user: makeUser({ isVerified: false }),
        },
      };
    });
    const { user, router } = renderApp('/register', stub);
    await fillRegistration(user);
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    // The action ended on another page: the server's message is said there (issue 13).
    // (The dashboard has other live regions too, e.g. its Performance section's while it loads.)
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((status) =>
            status.textContent?.includes(
              'Account created successfully. Please check your email to verify your account.',
            ),
          ),
      ).toBe(true),
    );
    expect(await screen.findByRole('note')).toHaveTextContent('Please verify your account');
    expect(stub.requestsTo('/api/auth/register').map((request) => request.body)).toEqual([
      {
        username: 'alice',
        email: 'alice@example.com',
        password: 'long-password',
        confirmPassword: 'long-password',
        agreeTerms: true,
      },
    ]);
  });
});
