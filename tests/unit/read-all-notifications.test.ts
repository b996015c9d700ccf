// @vitest-environment happy-dom
import { beforeEach, expect, it, vi } from 'vitest';
import { configureApi } from '@/lib/api';
import { readAllNotifications } from '@/features/notifications/api/read-all-notifications';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    Response.json({ success: true, message: 'All notifications marked as read', count: 3 }),
  );
  configureApi({ baseUrl: 'http://localhost/api', fetch: fetchMock });
});

it('Mark All Read sends the header the server requires of this GET, with its idempotency key', async () => {
  expect(await readAllNotifications()).toEqual({
    success: true,
    message: 'All notifications marked as read',
    count: 3,
  });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const request = fetchMock.mock.calls[0]![0] as Request;
  expect([request.method, request.url]).toEqual([
    'GET',
    'http://localhost/api/read-all-notifications',
  ]);
  expect(request.headers.get('X-Requested-With')).toBe('PromoClicks');
  expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
});
