import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '../../../shared/contract/auth';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/reset-password. */
export async function resetPassword(body: ResetPasswordBody) {
  return apiPost('auth/reset-password', body, MessageResponse);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
