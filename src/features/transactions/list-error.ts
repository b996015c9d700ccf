import { ApiError } from '@/lib/api';

/**
 * Spec §8 "Transactions list": the server's message, "Failed to fetch transactions" when it refused
 * without one, and the longer fallback when it could not be reached.
 */
export function depositListError(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) {
    return error.serverMessage ?? 'Failed to fetch transactions';
  }
  return 'Failed to fetch transactions. Please try again.';
}
