import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/error-message';
import { OFFLINE_MESSAGE } from '@/lib/offline';

const REFUSED = 'Failed to search profiles';
const FAILED = 'Failed to search profiles. Please try again.';

// Issue 34 point 8: one failure text for every screen (spec §8's pairs).
describe('errorMessage', () => {
  it.each([
    [
      'a refusal with its message',
      new ApiError(400, 'Minimum amount is $100'),
      'Minimum amount is $100',
    ],
    ['a refusal without one', new ApiError(404, undefined), REFUSED],
    [
      'an unavailable service',
      new ApiError(503, 'Deposits are not available right now. Please try again later.'),
      'Deposits are not available right now. Please try again later.',
    ],
    [
      'an unreachable partner',
      new ApiError(502, 'The partner site is not reachable right now. Please try again later.'),
      'The partner site is not reachable right now. Please try again later.',
    ],
    ['a 500, whose details stay in the log', new ApiError(500, 'Internal server error'), FAILED],
    ['a 5xx without a message', new ApiError(502, undefined), FAILED],
    ['a network failure or a timeout', new ApiError(0, undefined), FAILED],
    ['a write refused offline', new ApiError(0, OFFLINE_MESSAGE), OFFLINE_MESSAGE],
    ['an unreadable answer', new ApiError(200, undefined), FAILED],
    ['an error that is no call', new TypeError('x is undefined'), FAILED],
  ])('%s', (_case, error, text) => {
    expect(errorMessage(error, REFUSED, FAILED)).toBe(text);
  });

  it('with one fallback, says it for a refusal and a failure alike', () => {
    expect(errorMessage(new ApiError(409, undefined), 'Failed to change password')).toBe(
      'Failed to change password',
    );
    expect(errorMessage(new ApiError(0, undefined), 'Failed to change password')).toBe(
      'Failed to change password',
    );
  });
});
