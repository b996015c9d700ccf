import { endpointPath } from '@/shared/contract/endpoint';
import { logout as logoutCall } from '@/shared/contract/user';
import { send } from '@/lib/api';
import { isOnline, subscribeOnline } from '@/lib/offline';
import { clearApiAnswers, hasSessionToEnd, setSessionToEnd } from '@/lib/offline-cache';

let ending: Promise<void> | undefined;
/** Sign-ins under way (signIn below). */
let signingIn = 0;

/**
 * Design §4: a logout made offline (or whose answer was lost) left its server session open; this
 * ends it with POST /api/auth/logout, once online and one call at a time. Its mark goes once the
 * server has ended it; a failure keeps it for the next try. Never rejects. A sign-in waits for it:
 * the logout's answer clears the session cookie, which must not be the new one by then.
 */
export function endSessionLeftOpen(): Promise<void> {
  // During a sign-in the cookie may be the new user's already: ending "the" session would end theirs.
  if (signingIn > 0 || !hasSessionToEnd() || !isOnline()) return Promise.resolve();
  // Sent once, not through the write retries (src/lib/writes.ts): the mark itself is the retry, and
  // a sign-in waiting for this must not wait for their backoff.
  ending ??= send(logoutCall, endpointPath(logoutCall), undefined)
    .then(
      async () => {
        setSessionToEnd(false);
        // An answer still on its way at logout may have been kept by the worker after it was wiped.
        await clearApiAnswers();
      },
      () => undefined,
    )
    .finally(() => {
      ending = undefined;
    });
  return ending;
}

/** The first moment back online ends the session left open, whatever screen is showing. */
export function endSessionLeftOpenOnReconnect(): () => void {
  return subscribeOnline(() => void endSessionLeftOpen());
}

/**
 * A sign-in (login, partner login, registration): a session left open ends first, since its answer
 * clears the cookie; none is ended while the sign-in runs; and once it succeeded the mark goes at
 * once, before anything else can send a logout with the new user's cookie.
 */
export async function signIn<T>(send: () => Promise<T>): Promise<T> {
  await endSessionLeftOpen();
  signingIn += 1;
  try {
    const answer = await send();
    setSessionToEnd(false);
    return answer;
  } finally {
    signingIn -= 1;
  }
}
