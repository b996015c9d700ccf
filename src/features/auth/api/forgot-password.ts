import { useMutation } from '@tanstack/react-query';
import { forgotPassword as forgotPasswordCall } from '../../../shared/contract/auth';
import type { BodyInput } from '../../../shared/contract/endpoint';
import { callApi, isNetworkFailure } from '../../../lib/api';

/**
 * POST /api/auth/forgot-password. Spec §7: a network failure is treated as success, so the screen
 * never tells whether a mail went out.
 */
export async function forgotPassword(body: BodyInput<typeof forgotPasswordCall>) {
  try {
    return await callApi(forgotPasswordCall, body);
  } catch (error) {
    if (isNetworkFailure(error)) return { success: true, message: '' };
    throw error;
  }
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
