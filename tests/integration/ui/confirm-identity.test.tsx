// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/**
 * Issue 32 point 8: a change to how the account signs in that the server refuses for want of a
 * recent proof asks "Confirm it's you", then is sent once more.
 */

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const PROOF_REQUIRED = {
  status: 403,
  body: {
    success: false,
    message:
      "Please confirm it's you first: this change needs your password or a code from your authenticator app.",
    code: 'proof_required',
  },
};
const SETUP = {
  success: true,
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/PromoClicks:alice%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

describe('/account "Confirm it\'s you"', () => {
  let proved = false;
  beforeEach(() => {
    proved = false;
    stub.signIn(makeUser());
    stub.on('GET', '/api/get-user-details', {
      body: { success: true, message: 'User details fetched successfully', data: makeUser() },
    });
    stub.on('GET', '/api/account/security', {
      body: {
        success: true,
        message: 'Account security fetched successfully',
        data: { hasPassword: true, passwordChangedAt: null, partnerName: null },
      },
    });
    stub.on('GET', '/api/auth/two-factor', {
      body: { success: true, enabled: false, recoveryCodesLeft: 0, hasPassword: true },
    });
    stub.on('POST', '/api/auth/two-factor/setup', () =>
      proved ? { body: SETUP } : PROOF_REQUIRED,
    );
    stub.on('POST', '/api/account/confirm-identity', (request) => {
      if ((request.body as { password?: string }).password !== 'correct-horse-1') {
        return { status: 400, body: { success: false, message: 'Current password is incorrect' } };
      }
      proved = true;
      return {
        body: {
          success: true,
          message: "Thanks, it's you. For the next 10 minutes you can change how you sign in.",
        },
      };
    });
  });

  it('asks for the password when the set-up is refused, then sends the set-up again', async () => {
    const { user } = renderApp('/account', stub);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'wrong-horse-1');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Current password is incorrect',
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Error Current password is incorrect');

    await user.clear(password);
    await user.type(password, 'correct-horse-1');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('img', {
        name: 'QR code to add PromoClicks to your authenticator app',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stub.requestsTo('/api/auth/two-factor/setup')).toHaveLength(2);
    expect(stub.requestsTo('/api/account/confirm-identity').map((r) => r.body)).toEqual([
      { password: 'wrong-horse-1' },
      { password: 'correct-horse-1' },
    ]);
  });

  it('cancelled, sends nothing more and says what the change needs', async () => {
    const { user } = renderApp('/account', stub);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(PROOF_REQUIRED.body.message)).toBeInTheDocument();
    expect(stub.requestsTo('/api/auth/two-factor/setup')).toHaveLength(1);
    expect(stub.requestsTo('/api/account/confirm-identity')).toHaveLength(0);
  });
});
