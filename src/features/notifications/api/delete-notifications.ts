import { apiPost } from '../../../lib/api';
import { NotificationChangeResponse } from '../../../shared/contract/notifications';
import { useNotificationMutation } from './use-notification-mutation';

/** POST /api/delete-notification: one, the selected, or all on the page. */
export async function deleteNotifications(ids: number[]) {
  return apiPost('delete-notification', { notification_ids: ids }, NotificationChangeResponse);
}

export function useDeleteNotifications() {
  return useNotificationMutation('delete-notification', deleteNotifications);
}
