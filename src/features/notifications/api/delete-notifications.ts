import { callApi } from '@/lib/api';
import { deleteNotification } from '@/shared/contract/notifications';
import { useNotificationMutation } from './use-notification-mutation';

/** POST /api/delete-notification: one, the selected, or all on the page. */
export async function deleteNotifications(ids: number[]) {
  return callApi(deleteNotification, { notification_ids: ids });
}

export function useDeleteNotifications() {
  return useNotificationMutation('delete-notification', deleteNotifications);
}
