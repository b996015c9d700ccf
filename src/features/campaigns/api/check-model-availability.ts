import { useMutation } from '@tanstack/react-query';
import { MessageResponse } from '../../../shared/contract/common';
import { apiPost } from '../../../lib/api';

/** POST /api/check-model-availability: 400 "Model is not available" when the profile cannot be promoted. */
export async function checkModelAvailability(username: string) {
  return apiPost('check-model-availability', { username }, MessageResponse);
}

export function useCheckModelAvailability() {
  return useMutation({ mutationFn: checkModelAvailability });
}
