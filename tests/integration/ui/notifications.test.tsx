// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@/shared/contract/notifications';
import { renderApp } from './helpers/render-app';
import { makeUser, startStubServer, type StubServer } from './helpers/stub-server';

/** A stub of the notification calls over an in-memory list, newest first, pages of 5. */
function playNotifications(stub: StubServer, notifications: Notification[]) {
  let rows = [...notifications];
  const openedAt = '2025-06-02T15:30:00.000Z';
  stub.on('POST', '/api/get-notifications', ({ body }) => {
    const { read, page = 1 } = body as { read?: boolean; page?: number };
    const matching = rows.filter((row) => read === undefined || row.read === read);
    const totalPages = Math.ceil(matching.length / 5);
    const currentPage = Math.max(1, Math.min(page, totalPages));
    return {
      body: {
        success: true,
        message: 'Notifications fetched successfully',
        data: matching.slice((currentPage - 1) * 5, currentPage * 5),
        pagination: { currentPage, totalPages, totalItems: matching.length, itemsPerPage: 5 },
      },
    };
  });
  stub.on('GET', '/api/unread-notifications-count', () => ({
    body: { success: true, count: rows.filter((row) => !row.read).length },
  }));
  const changed = (count: number) => ({ body: { success: true, message: 'ok', count } });
  stub.on('POST', '/api/read-notification', ({ body }) => {
    const id = (body as { notification_id: number }).notification_id;
    rows = rows.map((row) => (row.id === id ? { ...row, read: true, updatedAt: openedAt } : row));
    return changed(1);
  });
  stub.on('GET', '/api/read-all-notifications', () => {
    rows = rows.map((row) => ({ ...row, read: true, updatedAt: openedAt }));
    return changed(rows.length);
  });
  stub.on('POST', '/api/delete-notification', ({ body }) => {
    const ids = (body as { notification_ids: number[] }).notification_ids;
    rows = rows.filter((row) => !ids.includes(row.id));
    return changed(ids.length);
  });
  return { rows: () => rows };
}

/** `count` notifications, id `count` newest; the ids in `readIds` are read. */
function makeNotifications(count: number, readIds: number[] = []): Notification[] {
  return Array.from({ length: count }, (_, index) => {
    const id = count - index;
    const createdAt = new Date(Date.UTC(2025, 5, 1, id)).toISOString();
    return {
      id,
      message: `Notice ${id}`,
      read: readIds.includes(id),
      createdAt,
      updatedAt: readIds.includes(id) ? '2025-06-03T09:15:00.000Z' : createdAt,
    };
  });
}

const messagesShown = () =>
  within(screen.getByRole('list', { name: 'Notifications' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('button', { expanded: false }).textContent);

/** Answers the question a Delete button asks (how many go) with "Yes, Delete". */
async function confirmDelete(user: ReturnType<typeof renderApp>['user'], count: number) {
  const dialog = await screen.findByRole('dialog', {
    name: count === 1 ? 'Delete Notification' : 'Delete Notifications',
  });
  expect(dialog).toHaveAccessibleDescription(
    `Are you sure you want to delete ${count} notification${count === 1 ? '' : 's'}? This action cannot be undone.`,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button', { name: /^Page / })
    .map((button) => button.textContent);

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.signIn(makeUser());
});
afterEach(() => {
  (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
    width: 1024,
    height: 768,
  });
});

describe('/notifications', () => {
  it('lists a page of 5 with read state, dates and the unread count in the sidebar', async () => {
    playNotifications(stub, makeNotifications(7, [6]));
    renderApp('/notifications', stub);
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(messagesShown()).toEqual(['Notice 7', 'Notice 6', 'Notice 5', 'Notice 4', 'Notice 3']);
    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[0]).toHaveTextContent('Received Jun 1, 2025');
    expect(items[0]).not.toHaveTextContent('Opened On');
    expect(items[1]).toHaveTextContent('Read');
    expect(items[1]).toHaveTextContent('Opened On Jun 3, 2025');
    expect(screen.getByText('Page 1 of 2 · 7 notifications')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      await within(nav).findByRole('link', { name: 'Notifications 6 unread' }),
    ).toHaveAttribute('href', '/notifications');
    expect(stub.requestsTo('/api/get-notifications')[0]!.body).toEqual({ page: 1 });
  });

  it('filters all, unread and read and sends read false / true / omitted', async () => {
    playNotifications(stub, makeNotifications(4, [2, 4]));
    const { user } = renderApp('/notifications', stub);
    await screen.findByRole('list', { name: 'Notifications' });
    const filters = screen.getByRole('group', { name: 'Show' });
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(filters).getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(messagesShown()).toEqual(['Notice 3', 'Notice 1']));
    await user.click(within(filters).getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(messagesShown()).toEqual(['Notice 4', 'Notice 2']));
    expect(stub.requestsTo('/api/get-notifications').map((r) => r.body)).toEqual([
      { page: 1 },
      { read: false, page: 1 },
      { read: true, page: 1 },
    ]);
  });

  it('shows an empty state per filter', async () => {
    playNotifications(stub, []);
    renderApp('/notifications?filter=unread', stub);
    expect(
      await screen.findByRole('heading', { name: 'No unread notifications' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled(),
    );
  });

  it('pages with 5 buttons, and 3 under 640 px', async () => {
    playNotifications(stub, makeNotifications(40));
    const { user } = renderApp('/notifications', stub);
    await screen.findByRole('list', { name: 'Notifications' });
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(messagesShown()[0]).toBe('Notice 20'));
    expect(pageButtons()).toEqual(['3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(messagesShown()[0]).toBe('Notice 15'));
    await user.click(screen.getByRole('button', { name: 'Page 8' }));
    await waitFor(() => expect(messagesShown()[0]).toBe('Notice 5'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pageButtons()).toEqual(['4', '5', '6', '7', '8']);
  });

  it('shows 3 page buttons on a narrow screen', async () => {
    (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
      width: 390,
      height: 844,
    });
    playNotifications(stub, makeNotifications(40));
    renderApp('/notifications?page=4', stub);
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(messagesShown()[0]).toBe('Notice 25'));
    expect(pageButtons()).toEqual(['3', '4', '5']);
  });

  it('opening a notification shows it whole and marks it read; Mark as read does too', async () => {
    const data = playNotifications(stub, makeNotifications(3));
    const { user } = renderApp('/notifications', stub);
    await screen.findByRole('list', { name: 'Notifications' });
    await user.click(screen.getByRole('button', { name: 'Notice 3' }));
    expect(screen.getByRole('button', { name: 'Notice 3' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const item = screen.getByRole('button', { name: 'Notice 3' }).closest('li')!;
    await waitFor(() => expect(item).toHaveTextContent('Opened On Jun 2, 2025'));
    const second = screen.getByRole('button', { name: 'Notice 2' }).closest('li')!;
    await user.click(within(second).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() =>
      expect(within(second).queryByRole('button', { name: 'Mark as read' })).toBeNull(),
    );
    expect(stub.requestsTo('/api/read-notification').map((r) => r.body)).toEqual([
      { notification_id: 3 },
      { notification_id: 2 },
    ]);
    expect(data.rows().map((row) => row.read)).toEqual([true, true, false]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Notifications 1 unread' });
  });

  it('deletes one, the selected, and all on the page', async () => {
    const data = playNotifications(stub, makeNotifications(8));
    const { user } = renderApp('/notifications', stub);
    await screen.findByRole('list', { name: 'Notifications' });
    const eight = screen.getByRole('button', { name: 'Notice 8' }).closest('li')!;
    await user.click(within(eight).getByRole('button', { name: 'Delete' }));
    await confirmDelete(user, 1);
    await waitFor(() => expect(messagesShown()[0]).toBe('Notice 7'));

    const deleteSelected = screen.getByRole('button', { name: 'Delete Selected (0)' });
    expect(deleteSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select notification: Notice 6' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select notification: Notice 4' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));
    await confirmDelete(user, 2);
    await waitFor(() =>
      expect(messagesShown()).toEqual(['Notice 7', 'Notice 5', 'Notice 3', 'Notice 2', 'Notice 1']),
    );
    expect(screen.getByRole('button', { name: 'Delete Selected (0)' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete All on This Page' }));
    await confirmDelete(user, 5);
    expect(
      await screen.findByRole('heading', { name: 'No notifications yet' }),
    ).toBeInTheDocument();
    expect(stub.requestsTo('/api/delete-notification').map((r) => r.body)).toEqual([
      { notification_ids: [8] },
      { notification_ids: [6, 4] },
      { notification_ids: [7, 5, 3, 2, 1] },
    ]);
    expect(data.rows()).toEqual([]);
  });

  it('selects all on the page, and lands on the previous page after deleting the last one', async () => {
    playNotifications(stub, makeNotifications(7));
    const { user } = renderApp('/notifications?page=2', stub);
    await waitFor(() => expect(messagesShown()).toEqual(['Notice 2', 'Notice 1']));
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));
    await confirmDelete(user, 2);
    await waitFor(() => expect(messagesShown()[0]).toBe('Notice 7'));
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('Mark All Read marks every one', async () => {
    playNotifications(stub, makeNotifications(6, [1]));
    const { user } = renderApp('/notifications', stub);
    await screen.findByRole('list', { name: 'Notifications' });
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    await waitFor(() =>
      expect(screen.queryAllByText('Unread', { selector: 'span' })).toHaveLength(0),
    );
    expect(stub.requestsTo('/api/read-all-notifications')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Notifications' })).toBeInTheDocument(),
    );
  });

  it('only logs a failed call: no message for the user', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    playNotifications(stub, makeNotifications(2));
    stub.on('POST', '/api/read-notification', {
      status: 500,
      body: { success: false, message: 'Internal server error' },
    });
    const { user } = renderApp('/notifications', stub);
    await screen.findByRole('list', { name: 'Notifications' });
    const item = screen.getByRole('button', { name: 'Notice 2' }).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]![0]).toBe('read-notification failed');
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });
});
