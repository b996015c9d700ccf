import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../shared/contract/auth';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/change-password (signed in). */
export async function changePassword(body: ChangePasswordBody) {
  return apiPost('auth/change-password', body, MessageResponse);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
