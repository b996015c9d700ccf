// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { AccountSecurity } from '@/shared/contract/profile';
import type { User } from '@/shared/contract/user';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** Issue 16 point 8: the profile of /account really saves; the mailed links' pages. */

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());

/** The account as the server has it: check-auth and the details answer it. */
function serverHas(user: User) {
  stub.signIn(user);
  stub.on('GET', '/api/get-user-details', {
    body: { success: true, message: 'User details fetched successfully', data: user },
  });
}

function security(data: Partial<AccountSecurity> = {}) {
  stub.on('GET', '/api/account/security', {
    body: {
      success: true,
      message: 'Account security fetched successfully',
      data: {
        hasPassword: true,
        passwordChangedAt: '2025-04-02T09:00:00.000Z',
        partnerName: null,
        ...data,
      },
    },
  });
}

beforeEach(() => {
  stub.reset();
  serverHas(makeUser());
  security();
});
afterEach(() => {
  onlineManager.setOnline(true);
});

type UserEvents = ReturnType<typeof renderApp>['user'];

function details(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling;
}

function profileCard() {
  return screen.getByRole('heading', { name: 'Profile Information' }).parentElement!;
}

function securityCard() {
  return screen.getByRole('heading', { name: 'Security' }).parentElement!;
}

/** The card's polite live region (always there, so each message is read out). */
function liveRegion(card: HTMLElement) {
  return card.querySelector<HTMLElement>('[aria-live="polite"]')!;
}

async function editUsername(user: UserEvents, username: string) {
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  const field = screen.getByLabelText('Username');
  await user.clear(field);
  if (username) await user.type(field, username);
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
}

async function changeEmail(user: UserEvents, values: { newEmail?: string; password?: string }) {
  await user.click(await screen.findByRole('button', { name: 'Change Email' }));
  if (values.newEmail) await user.type(screen.getByLabelText('New Email'), values.newEmail);
  if (values.password) await user.type(screen.getByLabelText('Current Password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
}

describe('/account profile: username', () => {
  it('saves the username and shows it at once, in the card and in the sidebar', async () => {
    const renamed = makeUser({ username: 'alice_new' });
    stub.on('POST', '/api/account/username', () => {
      serverHas(renamed);
      return { body: { success: true, message: 'Profile updated successfully!', user: renamed } };
    });
    const { user } = renderApp('/account', stub);

    await editUsername(user, 'alice_new');

    expect(
      await within(liveRegion(profileCard())).findByText('Profile updated successfully!'),
    ).toBeVisible();
    expect(details('Username')).toHaveTextContent('alice_new');
    expect(screen.getByRole('link', { name: /alice_new\s*alice@example\.com/ })).toBeVisible();
    expect(stub.requestsTo('/api/account/username').map((request) => request.body)).toEqual([
      { username: 'alice_new' },
    ]);
    // The form is gone: the focus is back on the button that opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus());
  });

  it.each([
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters long'],
    ['no spaces', 'Username may only contain letters, digits, dots, dashes and underscores'],
  ])(
    'refuses %j by the registration rules, by the field, sending nothing',
    async (name, message) => {
      const { user } = renderApp('/account', stub);
      await editUsername(user, name);
      const field = screen.getByLabelText('Username');
      await waitFor(() => expect(field).toHaveFocus());
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
      expect(stub.requestsTo('/api/account/username')).toEqual([]);
    },
  );

  it('shows the server’s refusal by the field and keeps the form open', async () => {
    stub.on('POST', '/api/account/username', {
      status: 409,
      body: { success: false, message: 'This username is already taken.' },
    });
    const { user } = renderApp('/account', stub);
    await editUsername(user, 'bob');
    const field = screen.getByLabelText('Username');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('This username is already taken.'),
    );
    expect(field).toHaveFocus();
    expect(field).toHaveValue('bob');
  });

  it('shows "Failed to update profile" for a failure without a message', async () => {
    stub.on('POST', '/api/account/username', { status: 500, body: { success: false } });
    const { user } = renderApp('/account', stub);
    await editUsername(user, 'alice_new');
    expect(
      await within(liveRegion(profileCard())).findByText('Failed to update profile'),
    ).toBeVisible();
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  });
});

describe('/account profile: e-mail', () => {
  it('asks for a confirmation link with the current password; the e-mail stays until it is opened', async () => {
    stub.on('POST', '/api/account/change-email', {
      body: {
        success: true,
        message:
          'We sent a confirmation link to new@example.com. Your e-mail changes once you open it.',
      },
    });
    const { user } = renderApp('/account', stub);

    await changeEmail(user, { newEmail: 'new@example.com', password: 'my-password' });

    expect(
      await within(liveRegion(profileCard())).findByText(
        'We sent a confirmation link to new@example.com. Your e-mail changes once you open it.',
      ),
    ).toBeVisible();
    expect(details('Email')).toHaveTextContent('alice@example.com');
    expect(stub.requestsTo('/api/account/change-email').map((request) => request.body)).toEqual([
      { newEmail: 'new@example.com', password: 'my-password' },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change Email' })).toHaveFocus());
  });

  it.each([
    [{ password: 'my-password' }, 'New Email', 'Email is required'],
    [
      { newEmail: 'nope', password: 'my-password' },
      'New Email',
      'Please enter a valid email address',
    ],
    [{ newEmail: 'new@example.com' }, 'Current Password', 'Please enter your current password'],
  ])('refuses %o by the field %s: "%s", sending nothing', async (values, label, message) => {
    const { user } = renderApp('/account', stub);
    await changeEmail(user, values);
    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      label === 'New Email'
        ? `${message} We send a confirmation link to the new address. Your e-mail changes once you open it.`
        : message,
    );
    expect(stub.requestsTo('/api/account/change-email')).toEqual([]);
  });

  it('shows a wrong current password by the password field', async () => {
    stub.on('POST', '/api/account/change-email', {
      status: 400,
      body: { success: false, message: 'Current password is incorrect' },
    });
    const { user } = renderApp('/account', stub);
    await changeEmail(user, { newEmail: 'new@example.com', password: 'wrong' });
    const field = screen.getByLabelText('Current Password');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Current password is incorrect'));
    expect(field).toHaveFocus();
    expect(screen.getByLabelText('New Email')).not.toHaveAttribute('aria-invalid');
  });

  it('offers no e-mail change to an account without a password', async () => {
    security({ hasPassword: false, passwordChangedAt: null, partnerName: 'CreatorFinder' });
    renderApp('/account', stub);
    expect(
      await screen.findByText('To change your e-mail, set a password first (under Security).'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change Email' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  });
});

describe('resend verification e-mail', () => {
  beforeEach(() => serverHas(makeUser({ isVerified: false })));

  it('is offered on the banner of every signed-in page, its answer announced there', async () => {
    stub.on('POST', '/api/account/resend-verification', {
      body: { success: true, message: 'Verification e-mail sent. Check your inbox.' },
    });
    const { user } = renderApp('/dashboard', stub);
    const banner = await screen.findByRole('note');
    await user.click(
      await within(banner).findByRole('button', { name: 'Resend verification e-mail' }),
    );
    expect(
      await within(liveRegion(banner)).findByText('Verification e-mail sent. Check your inbox.'),
    ).toBeVisible();
    expect(stub.requestsTo('/api/account/resend-verification')).toHaveLength(1);
  });

  it('is offered on the account page, with the server’s refusal announced', async () => {
    stub.on('POST', '/api/account/resend-verification', {
      status: 429,
      body: {
        success: false,
        message: 'Too many attempts. Please wait a few minutes and try again.',
      },
    });
    const { user } = renderApp('/account', stub);
    await screen.findByRole('heading', { name: 'My Account' });
    const card = profileCard();
    await user.click(within(card).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(
      await within(card).findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeVisible();
  });

  it('is disabled offline', async () => {
    renderApp('/account', stub);
    await screen.findByRole('heading', { name: 'My Account' });
    const banner = screen.getByRole('note');
    const buttons = [
      await within(banner).findByRole('button', { name: 'Resend verification e-mail' }),
      within(profileCard()).getByRole('button', { name: 'Resend verification e-mail' }),
    ];
    act(() => onlineManager.setOnline(false));
    for (const button of buttons) expect(button).toBeDisabled();
    act(() => onlineManager.setOnline(true));
    for (const button of buttons) expect(button).toBeEnabled();
  });

  it('is not offered to a verified account', async () => {
    serverHas(makeUser());
    renderApp('/account', stub);
    await screen.findByRole('heading', { name: 'My Account' });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();
  });
});

describe('/account security', () => {
  it('shows when the password was last changed', async () => {
    renderApp('/account', stub);
    expect(await screen.findByText('Password last updated: Apr 2, 2025')).toBeVisible();
    expect(within(securityCard()).getByRole('button', { name: 'Change Password' })).toBeVisible();
  });

  it('offers an account that signs in through the partner site a link to set a password, not a form it cannot use', async () => {
    security({ hasPassword: false, passwordChangedAt: null, partnerName: 'CreatorFinder' });
    stub.on('POST', '/api/account/set-password-link', {
      body: { success: true, message: 'We sent a link to set your password to alice@example.com.' },
    });
    const { user } = renderApp('/account', stub);
    expect(
      await screen.findByText(
        'Your account signs in through CreatorFinder. Set a password to also sign in with your e-mail.',
      ),
    ).toBeVisible();
    const card = securityCard();
    expect(within(card).queryByRole('button', { name: 'Change Password' })).toBeNull();
    expect(within(card).queryByText(/Password last updated/)).toBeNull();

    await user.click(
      within(card).getByRole('button', { name: 'Send me a link to set a password' }),
    );

    expect(
      await within(liveRegion(card)).findByText(
        'We sent a link to set your password to alice@example.com.',
      ),
    ).toBeVisible();
    expect(stub.requestsTo('/api/account/set-password-link')).toHaveLength(1);
  });

  it('disables the link offline', async () => {
    security({ hasPassword: false, passwordChangedAt: null, partnerName: 'CreatorFinder' });
    renderApp('/account', stub);
    const button = await screen.findByRole('button', { name: 'Send me a link to set a password' });
    act(() => onlineManager.setOnline(false));
    expect(button).toBeDisabled();
  });
});

describe('/account/confirm-email/{token}', () => {
  it('confirms the new e-mail once and shows it wherever the account shows', async () => {
    const changed = makeUser({ email: 'new@example.com' });
    const confirmation = stub.hold('POST', '/api/account/confirm-email');
    const { queryClient } = renderApp('/account/confirm-email/token-1', stub);
    expect(await screen.findByRole('status')).toHaveTextContent('Confirming...');
    serverHas(changed);
    confirmation.release({
      body: {
        success: true,
        message: 'Your e-mail address is now new@example.com.',
        user: changed,
      },
    });
    expect(await screen.findByRole('heading', { name: 'E-mail address changed' })).toBeVisible();
    expect(screen.getByText('Your e-mail address is now new@example.com.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(queryClient.getQueryData(['auth', 'user'])).toMatchObject({ email: 'new@example.com' });
    expect(stub.requestsTo('/api/account/confirm-email').map((request) => request.body)).toEqual([
      { token: 'token-1' },
    ]);
  });

  it('asks to sign in first when the browser is not signed in to the account', async () => {
    stub.signIn(null);
    stub.on('POST', '/api/account/confirm-email', {
      status: 401,
      body: { success: false, message: 'Not authenticated' },
    });
    renderApp('/account/confirm-email/token-2', stub);
    expect(await screen.findByRole('heading', { name: 'Sign in to confirm' })).toBeVisible();
    expect(
      screen.getByText(
        'Sign in to your account to confirm your new e-mail address, then open the link in the mail again.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it.each([
    [400, 'The confirmation link is invalid or has expired'],
    [409, 'This e-mail address cannot be used. Please choose another one.'],
  ])('shows the refusal (%i): "%s"', async (status, message) => {
    stub.on('POST', '/api/account/confirm-email', { status, body: { success: false, message } });
    renderApp('/account/confirm-email/token-3', stub);
    expect(await screen.findByRole('heading', { name: 'E-mail not changed' })).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
  });
});

describe('/account/set-password/{token}', () => {
  it('checks the two passwords, then sets the first password', async () => {
    stub.signIn(null);
    stub.on('POST', '/api/account/set-password', {
      body: {
        success: true,
        message: 'Your password has been set. You can now also sign in with your e-mail.',
      },
    });
    const { user } = renderApp('/account/set-password/token-4', stub);
    await screen.findByRole('heading', { name: 'Set a password' });
    const password = screen.getByLabelText('New Password');
    await user.type(password, 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    // Issue 31 point 6: the field the message is about (the first marked invalid) takes the focus.
    expect(screen.getByLabelText('Confirm Password')).toHaveFocus();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(stub.requestsTo('/api/account/set-password')).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeVisible();
    // Spec §8: a green box titled Success (issue 17).
    expect(screen.getByRole('status')).toHaveTextContent(
      /^✓SuccessYour password has been set\. You can now also sign in with your e-mail\.$/,
    );
    expect(stub.requestsTo('/api/account/set-password').map((request) => request.body)).toEqual([
      { token: 'token-4', newPassword: 'long-enough-1' },
    ]);
  });

  it('shows the refusal of a used link', async () => {
    stub.on('POST', '/api/account/set-password', {
      status: 400,
      body: { success: false, message: 'The link is invalid or has expired' },
    });
    const { user } = renderApp('/account/set-password/used', stub);
    await user.type(await screen.findByLabelText('New Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The link is invalid or has expired',
    );
  });
});

it('shows the error page for another /account/{link}/{token}', async () => {
  renderApp('/account/unknown/token-5', stub);
  expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
