import { callApi } from '@/lib/api';
import { readNotification as readNotificationCall } from '@/shared/contract/notifications';
import { useNotificationMutation } from './use-notification-mutation';

/** POST /api/read-notification: marks one notification read (opening it does too). */
export async function readNotification(id: number) {
  return callApi(readNotificationCall, { notification_id: id });
}

export function useReadNotification() {
  return useNotificationMutation('read-notification', readNotification);
}
