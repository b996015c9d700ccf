/**
 * Issue 14: the writes of callApi (src/lib/api.ts), each sent with an idempotency key, and which of
 * them still await their answer (the write forms show it). Loaded by the first write or write form,
 * not by the first load.
 */
import { TIME_ZONE_HEADER } from '../shared/contract/account-time-zone';
import type { Endpoint, ResponseOutput } from '../shared/contract/endpoint';
import { IDEMPOTENCY_MESSAGES } from '../shared/idempotency';
import { currentSignIn, send, type ApiError } from './api';
import { isOnline, subscribeOnline } from './offline';

/**
 * Above the server's wait (about 10 s) for a repeat of a write it is still doing, so the repeat hears
 * that write's answer or the 409 instead of timing out first.
 */
const WRITE_TIMEOUT_MS = 12_000;
/** Issue 14: a write whose answer was lost is sent again, with its key, after these pauses. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];
/** After its retries, a write the server said it is still doing is asked for again this often. */
const STILL_PROCESSING_WAIT_MS = 5_000;

import { forgetIntentKey, intentKey } from './intent-keys';
import { browserTimeZone } from './time-zone';

/** A write whose answer is awaited: since when, and whether its retries ran out (issue 14). */
export interface WriteInFlight {
  readonly id: number;
  /** The endpoint's declared path. */
  readonly path: string;
  readonly since: number;
  readonly unconfirmed: boolean;
}

let writesInFlight: readonly WriteInFlight[] = [];
let lastWriteId = 0;
const writeListeners = new Set<() => void>();

function setWritesInFlight(writes: readonly WriteInFlight[]): void {
  writesInFlight = writes;
  writeListeners.forEach((listener) => listener());
}

export function subscribeWritesInFlight(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** The oldest write of this endpoint still awaiting its answer: a screen shows it and waits. */
export function writeInFlight(endpoint: Endpoint): WriteInFlight | undefined {
  return writesInFlight.find((write) => write.path === endpoint.path);
}

/**
 * Whether the write may have happened although no answer came: the network failed or timed out, or
 * the server is still doing it. Any other answer is final (a 4xx will not change; a 5xx undid it).
 */
function answerUnknown(error: ApiError): boolean {
  return (
    error.status === 0 ||
    (error.status === 409 && error.serverMessage === IDEMPOTENCY_MESSAGES.stillRunning)
  );
}

/**
 * Resolves when the server can be reached again (a request got an answer: src/lib/api.ts asks it
 * while it cannot be reached), or after a pause when it could all along (it is still doing the write).
 */
function serverBack(): Promise<void> {
  return new Promise((resume) => {
    if (isOnline()) {
      setTimeout(resume, STILL_PROCESSING_WAIT_MS);
      return;
    }
    const unsubscribe = subscribeOnline(() => {
      if (!isOnline()) return;
      unsubscribe();
      resume();
    });
  });
}

/**
 * Issue 14 and 31: one key per user intent (src/lib/intent-keys.ts: the same call with the same body,
 * until it is answered), so a second press, a lost answer asked for again, or a press after a reload
 * reaches the server as the same write and is done at most once. A lost answer is asked for again a
 * few times with backoff, then, unconfirmed, each time the server can be reached again, until an
 * answer comes. The offline gate holds only the first send.
 */
export async function sendWrite<E extends Endpoint>(
  endpoint: E,
  path: string,
  body: unknown,
  headers?: Readonly<Record<string, string>>,
): Promise<ResponseOutput<E>> {
  const intent = { path, body };
  // Issue 36: the browser's time zone, which a sign-in gives an account that has none set yet.
  const keyed = {
    ...headers,
    [TIME_ZONE_HEADER]: browserTimeZone(),
    'Idempotency-Key': await intentKey(endpoint, intent),
  };
  const id = ++lastWriteId;
  const signedIn = currentSignIn();
  setWritesInFlight([
    ...writesInFlight,
    { id, path: endpoint.path, since: Date.now(), unconfirmed: false },
  ]);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await send(endpoint, path, body, keyed, WRITE_TIMEOUT_MS);
        forgetIntentKey(intent);
        return answer;
      } catch (error) {
        if (!answerUnknown(error as ApiError)) {
          // Answered: the intent is over, and a corrected or repeated press is a new one.
          forgetIntentKey(intent);
          throw error;
        }
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay) {
          await new Promise((resolve) => setTimeout(resolve, delay));
        } else {
          setWritesInFlight(
            writesInFlight.map((write) =>
              write.id === id ? { ...write, unconfirmed: true } : write,
            ),
          );
          await serverBack();
        }
        // Signed out or another user signed in meanwhile: sent again, the write would be done
        // for whoever the cookie names now (keys are per user).
        if (currentSignIn() !== signedIn) {
          forgetIntentKey(intent);
          throw error;
        }
      }
    }
  } finally {
    setWritesInFlight(writesInFlight.filter((write) => write.id !== id));
  }
}
