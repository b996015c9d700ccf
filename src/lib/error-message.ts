import { ApiError } from './api';

/**
 * Spec §8, every screen's failure text (issue 34 point 8): the server's message when it wrote one for
 * the user (a refusal, 4xx; an unavailable service, 502 or 503; a write refused offline, design §4),
 * never a 500's, whose details stay in the log; else `refused` when the server refused without one,
 * and `failed`, which asks to try again, when the call failed (network, timeout, 5xx, unreadable).
 */
export function errorMessage(error: unknown, refused: string, failed = refused): string {
  if (!(error instanceof ApiError)) return failed;
  if (error.serverMessage && error.status !== 500) return error.serverMessage;
  return error.status >= 400 && error.status < 500 ? refused : failed;
}
