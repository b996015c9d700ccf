import { describe, expect, it } from 'vitest';
import { lastKnownPage } from '@/features/notifications/api/last-known-notifications';
import type { Notification } from '@/shared/contract/notifications';

/** Notification `id`, received `id` minutes after 09:00 (so a higher id is newer). */
function notification(id: number, read: boolean): Notification {
  const at = new Date(Date.UTC(2026, 10, 20, 9, id)).toISOString();
  return { id, message: `Notification ${id}`, read, createdAt: at, updatedAt: at };
}

const ids = (page: { data: Notification[] }) => page.data.map((item) => item.id);

describe('the last-known notifications of the Unread and Read tabs (offline)', () => {
  it('keeps only those whose read flag matches, newest first, with their own count', () => {
    const all = [5, 4, 3, 2, 1].map((id) => notification(id, id % 2 === 0));
    const answers = [{ notifications: all, updatedAt: 1_000 }];
    const unread = lastKnownPage(answers, false, 1);
    expect(ids(unread)).toEqual([5, 3, 1]);
    expect(unread.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 3,
      itemsPerPage: 5,
    });
    expect(ids(lastKnownPage(answers, true, 1))).toEqual([4, 2]);
  });

  it('counts a notification in several answers once, as the newest answer says', () => {
    const unreadTab = {
      notifications: [notification(2, false), notification(1, false)],
      updatedAt: 1_000,
    };
    // Read since: the All tab's later answer says so.
    const allTab = {
      notifications: [notification(3, false), notification(2, true)],
      updatedAt: 2_000,
    };
    expect(ids(lastKnownPage([unreadTab, allTab], false, 1))).toEqual([3, 1]);
    expect(ids(lastKnownPage([allTab, unreadTab], false, 1))).toEqual([3, 1]);
    expect(ids(lastKnownPage([unreadTab, allTab], true, 1))).toEqual([2]);
  });

  it('pages by 5, a page past the last answering the last, as the server does', () => {
    const twelve = Array.from({ length: 12 }, (_, index) => notification(index + 1, false));
    const answers = [{ notifications: twelve, updatedAt: 1_000 }];
    expect(ids(lastKnownPage(answers, false, 2))).toEqual([7, 6, 5, 4, 3]);
    const past = lastKnownPage(answers, false, 9);
    expect(ids(past)).toEqual([2, 1]);
    expect(past.pagination).toEqual({
      currentPage: 3,
      totalPages: 3,
      totalItems: 12,
      itemsPerPage: 5,
    });
  });

  it('answers an empty first page when none matches', () => {
    const answers = [{ notifications: [notification(1, true)], updatedAt: 1_000 }];
    expect(lastKnownPage(answers, false, 1)).toEqual({
      data: [],
      pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 5 },
    });
  });
});
