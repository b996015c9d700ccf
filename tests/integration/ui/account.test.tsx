// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
  stub.on('GET', '/api/get-user-details', {
    body: { success: true, message: 'User details fetched successfully', data: makeUser() },
  });
});
function details(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling;
}

async function openPasswordForm(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Change Password' }));
}

async function fillPasswords(
  user: ReturnType<typeof renderApp>['user'],
  values: { current?: string; next?: string; confirm?: string },
) {
  if (values.current) await user.type(screen.getByLabelText('Current Password'), values.current);
  if (values.next) await user.type(screen.getByLabelText('New Password'), values.next);
  if (values.confirm)
    await user.type(screen.getByLabelText('Confirm New Password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('/account', () => {
  it('shows the profile, balance, security and summary', async () => {
    renderApp('/account', stub);
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(details('Username')).toHaveTextContent('alice');
    expect(details('Email')).toHaveTextContent('alice@example.com');
    expect(within(details('Email') as HTMLElement).getByRole('img')).toHaveAccessibleName(
      'Verified email',
    );
    expect(details('Status')).toHaveTextContent('Verified');
    expect(details('Balance')).toHaveTextContent('$1,234.50');
    expect(details('Member since')).toHaveTextContent('Mar 5, 2025');
    expect(details('Total campaigns')).toHaveTextContent('3');
    expect(screen.getByText('Password last updated: Jun 10, 2025')).toBeInTheDocument();
  });

  it('has quick actions to /topup, /transactions, /statement, /notifications and a logout', async () => {
    renderApp('/account', stub);
    const actions = (await screen.findByRole('heading', { name: 'Quick Actions' })).parentElement!;
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/topup', '/transactions', '/statement', '/notifications']);
    expect(within(actions).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('marks an unverified account', async () => {
    stub.on('GET', '/api/get-user-details', {
      body: {
        success: true,
        message: 'User details fetched successfully',
        data: makeUser({ isVerified: false }),
      },
    });
    renderApp('/account', stub);
    await screen.findByRole('heading', { name: 'My Account' });
    expect(details('Status')).toHaveTextContent('Unverified');
  });

  it('shows "Failed to Load Profile" with Try Again when loading fails', async () => {
    stub.on('GET', '/api/get-user-details', {
      status: 500,
      body: { success: false, message: 'Internal server error' },
    });
    const { user } = renderApp('/account', stub);
    expect(
      await screen.findByRole('heading', { name: 'Failed to Load Profile' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    stub.on('GET', '/api/get-user-details', {
      body: { success: true, message: 'User details fetched successfully', data: makeUser() },
    });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Profile Information' })).toBeInTheDocument();
  });

  it('requires the username, then saves it on the server (issue 16 point 8: no longer simulated)', async () => {
    const renamed = makeUser({ username: 'alice_new' });
    stub.on('POST', '/api/account/username', {
      body: { success: true, message: 'Profile updated successfully!', user: renamed },
    });
    const { user } = renderApp('/account', stub);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Username'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(stub.requestsTo('/api/account/username')).toEqual([]);
    await user.type(screen.getByLabelText('Username'), 'alice_new');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeVisible();
    expect(details('Username')).toHaveTextContent('alice_new');
    expect(stub.requestsTo('/api/account/username').map((request) => request.body)).toEqual([
      { username: 'alice_new' },
    ]);
  });

  it.each([
    [{ current: 'old-password', next: 'new-password' }, 'Please fill in all password fields'],
    [
      { current: 'old-password', next: 'new-password', confirm: 'other-password' },
      'New passwords do not match',
    ],
    [
      { current: 'old-password', next: 'short', confirm: 'short' },
      'New password must be at least 8 characters long',
    ],
  ])('refuses %o with "%s" and sends nothing', async (values, message) => {
    const { user } = renderApp('/account', stub);
    await openPasswordForm(user);
    await fillPasswords(user, values);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(stub.requestsTo('/api/auth/change-password')).toEqual([]);
  });

  it('changes the password', async () => {
    stub.on('POST', '/api/auth/change-password', {
      body: { success: true, message: 'Password changed successfully!' },
    });
    const { user } = renderApp('/account', stub);
    await openPasswordForm(user);
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(
        screen.getByRole('button', { name: `Show ${label.toLowerCase()}` }),
      ).toBeInTheDocument();
    }
    await fillPasswords(user, {
      current: 'old-password',
      next: 'new-password',
      confirm: 'new-password',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully!');
    expect(stub.requestsTo('/api/auth/change-password').map((request) => request.body)).toEqual([
      { oldPassword: 'old-password', newPassword: 'new-password' },
    ]);
  });

  it.each([
    [
      'the server message',
      { status: 400, body: { success: false, message: 'Current password is incorrect' } },
      'Current password is incorrect',
    ],
    ['the fallback', { status: 500, body: { success: false } }, 'Failed to change password'],
  ])('shows %s when the change fails', async (_case, answer, message) => {
    stub.on('POST', '/api/auth/change-password', answer);
    const { user } = renderApp('/account', stub);
    await openPasswordForm(user);
    await fillPasswords(user, {
      current: 'old-password',
      next: 'new-password',
      confirm: 'new-password',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('issue 14: a change whose answer was lost is asked for again and shows as done, never failed', async () => {
    let sent = 0;
    stub.on('POST', '/api/auth/change-password', () =>
      ++sent === 1
        ? 'network-failure'
        : { body: { success: true, message: 'Password changed successfully!' } },
    );
    const { user } = renderApp('/account', stub);
    await openPasswordForm(user);
    await fillPasswords(user, {
      current: 'old-password',
      next: 'new-password',
      confirm: 'new-password',
    });
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    // The server was not reached meanwhile: the offline banner said so, and goes with the answer.
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stub.requestsTo('/api/auth/change-password')).toHaveLength(2);
  });
});
