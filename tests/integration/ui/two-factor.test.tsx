// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** Issue 16 point 6: the second step of a sign-in, and the two-factor card of /account. */

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const CHALLENGE = {
  success: true,
  message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  secondFactor: { totp: true, passkey: false },
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i + 2}k`);

describe('two-factor sign-in', () => {
  it('asks for the code after the password, then signs in', async () => {
    stub.on('POST', '/api/auth/login', { body: CHALLENGE });
    stub.on('POST', '/api/auth/login-second-factor', (request) => {
      if ((request.body as { code: string }).code !== '123456') {
        return {
          status: 401,
          body: {
            success: false,
            message: 'The code is not valid. Check your authenticator app and try again.',
          },
        };
      }
      stub.signIn(makeUser());
      return { body: { success: true, message: 'Logged in successfully', user: makeUser() } };
    });
    const { user, router } = renderApp('/login', stub);
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText(CHALLENGE.message)).toBeInTheDocument();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code is not valid. Check your authenticator app and try again.',
    );
    // Issue 17: the refused code's field is marked invalid and described by the message.
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      'Error The code is not valid. Check your authenticator app and try again.',
    );
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Campaign Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(stub.requestsTo('/api/auth/login-second-factor').map((r) => r.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('goes back to the password form', async () => {
    stub.on('POST', '/api/auth/login', { body: CHALLENGE });
    const { user } = renderApp('/login', stub);
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});

describe('/account two-factor card', () => {
  beforeEach(() => {
    stub.signIn(makeUser());
    stub.on('GET', '/api/get-user-details', {
      body: { success: true, message: 'User details fetched successfully', data: makeUser() },
    });
  });

  function card() {
    return screen.getByRole('heading', { name: 'Two-factor sign-in' }).parentElement!;
  }

  it('sets up with the QR code and a first code, then shows the ten recovery codes once', async () => {
    let enabled = false;
    stub.on('GET', '/api/auth/two-factor', () => ({
      body: {
        success: true,
        enabled,
        recoveryCodesLeft: enabled ? 10 : 0,
        hasPassword: true,
      },
    }));
    stub.on('POST', '/api/auth/two-factor/setup', {
      body: {
        success: true,
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/PromoClicks:alice%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      },
    });
    stub.on('POST', '/api/auth/two-factor/enable', () => {
      enabled = true;
      return {
        body: {
          success: true,
          message: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
          recoveryCodes: CODES,
        },
      };
    });
    const { user } = renderApp('/account', stub);
    await screen.findByRole('button', { name: 'Set up two-factor sign-in' });
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    const qr = await within(card()).findByRole('img', {
      name: 'QR code to add PromoClicks to your authenticator app',
    });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`,
    );
    expect(within(card()).getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(within(card()).getByLabelText('6-digit code'), '123456');
    await user.click(within(card()).getByRole('button', { name: 'Turn on' }));

    const list = await within(card()).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
    expect(stub.requestsTo('/api/auth/two-factor/enable').map((r) => r.body)).toEqual([
      { code: '123456' },
    ]);
    await user.click(within(card()).getByRole('button', { name: 'I saved my codes' }));
    expect(await within(card()).findByText(/Recovery codes left: 10\./)).toBeInTheDocument();
    expect(within(card()).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns off with the password and a code, showing the server message when refused', async () => {
    let enabled = true;
    stub.on('GET', '/api/auth/two-factor', () => ({
      body: { success: true, enabled, recoveryCodesLeft: 7, hasPassword: true },
    }));
    let calls = 0;
    stub.on('POST', '/api/auth/two-factor/disable', () => {
      if (calls++ === 0) {
        return { status: 400, body: { success: false, message: 'Current password is incorrect' } };
      }
      enabled = false;
      return { body: { success: true, message: 'Two-factor sign-in is off.' } };
    });
    const { user } = renderApp('/account', stub);
    expect(await screen.findByText(/Recovery codes left: 7\./)).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Turn off' }));
    await user.type(within(card()).getByLabelText('Current Password'), 'wrong-password');
    await user.type(
      within(card()).getByLabelText('Authentication code or recovery code'),
      '123456',
    );
    await user.click(within(card()).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Current password is incorrect',
    );
    // Issue 17: the password is what was wrong: its field, not the code's, is marked and described.
    const password = within(card()).getByLabelText('Current Password', { selector: 'input' });
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Error Current password is incorrect');
    expect(
      within(card()).getByLabelText('Authentication code or recovery code'),
    ).not.toHaveAttribute('aria-invalid');
    await user.click(within(card()).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await within(card()).findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(stub.requestsTo('/api/auth/two-factor/disable').map((r) => r.body)).toEqual([
      { code: '123456', password: 'wrong-password' },
      { code: '123456', password: 'wrong-password' },
    ]);
    expect(
      await within(card()).findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
  });
});
