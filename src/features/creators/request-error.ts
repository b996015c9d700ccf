import { ApiError, errorMessage } from '@/lib/api';
import { failureMessage } from '@/lib/offline';

/**
 * Spec §8 pairs per call: a refused request (4xx) shows the server's message, else `refused`;
 * a failed one (5xx, unreadable answer) shows `failed`, which asks to try again; one refused offline
 * says so (design §4).
 */
export function requestErrorText(error: unknown, refused: string, failed: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return errorMessage(error, refused);
  }
  return failureMessage(error, failed);
}
