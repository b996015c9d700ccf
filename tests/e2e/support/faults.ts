import type { CDPSession, Page } from 'playwright-core';
import { expect } from './fixtures';

/**
 * Faults injected through the DevTools protocol's Fetch domain (stack notes): a request of the page
 * reaches the server, which does its work and answers; the answer is then lost or held back, as on a
 * flaky phone connection. Writes are not answered by the service worker, so the page's own CDP session
 * sees them.
 */

/** What happens to one answer: lost (the page sees a network failure), held back, or let through. */
export type AnswerFault = 'lose' | 'pass' | { holdMs: number };

/** One request of the call, as the paused answer showed it. */
export interface Attempt {
  idempotencyKey: string | undefined;
  status: number | undefined;
  /** The server's `Idempotent-Replayed: true`: the kept answer of an earlier request, no new work. */
  replayed: boolean;
  /** Why no answer came (the browser is offline: `InternetDisconnected`); the server saw nothing. */
  failure?: string;
}

interface RequestPaused {
  requestId: string;
  request: { headers: Record<string, string> };
  responseStatusCode?: number;
  responseHeaders?: { name: string; value: string }[];
  responseErrorReason?: string;
}

function header(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function handle(cdp: CDPSession, requestId: string, fault: AnswerFault): Promise<unknown> {
  if (fault === 'lose') {
    return cdp.send('Fetch.failRequest', { requestId, errorReason: 'ConnectionReset' });
  }
  if (fault === 'pass') return cdp.send('Fetch.continueRequest', { requestId });
  return new Promise((resolve) => setTimeout(resolve, fault.holdMs)).then(() =>
    cdp.send('Fetch.continueRequest', { requestId }),
  );
}

/**
 * Applies `faultFor(attempt)` (0 for the first request) to the answers of the page's requests to
 * /api/`path`, each after the server answered. The attempts are recorded for the test to check.
 */
export async function faultAnswers(
  page: Page,
  path: string,
  faultFor: (attempt: number) => AnswerFault | Promise<AnswerFault>,
) {
  const cdp = await page.context().newCDPSession(page);
  const attempts: Attempt[] = [];
  const problems: unknown[] = [];
  cdp.on('Fetch.requestPaused', (event: RequestPaused) => {
    const replayed = event.responseHeaders?.find(
      ({ name }) => name.toLowerCase() === 'idempotent-replayed',
    );
    attempts.push({
      idempotencyKey: header(event.request.headers, 'idempotency-key'),
      status: event.responseStatusCode,
      replayed: replayed?.value === 'true',
      ...(event.responseErrorReason ? { failure: event.responseErrorReason } : {}),
    });
    Promise.resolve(faultFor(attempts.length - 1))
      .then((fault) => handle(cdp, event.requestId, fault))
      .catch((error: unknown) => problems.push(error));
  });
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: `*/api/${path}`, requestStage: 'Response' }],
  });
  return {
    attempts: () => {
      expect(problems, 'failures of the DevTools protocol calls').toEqual([]);
      return attempts;
    },
    stop: () => cdp.detach(),
  };
}

/** The first answer lost, every later one let through: the write's automatic retry should land. */
export const loseFirstAnswer = (attempt: number): AnswerFault => (attempt === 0 ? 'lose' : 'pass');

/**
 * The attempts of a write whose first answer was lost and whose retry got the kept answer: both sent
 * with one idempotency key, the first done (200 or 201, answer lost), the second replayed.
 */
export function expectRetriedWithSameKey(attempts: Attempt[], status: number) {
  const key = attempts[0]?.idempotencyKey;
  expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(attempts).toEqual([
    { idempotencyKey: key, status, replayed: false },
    { idempotencyKey: key, status, replayed: true },
  ]);
}

/** The console error Chromium logs for each answer lost on purpose. */
export const LOST_ANSWER_CONSOLE_ERROR = { text: /net::ERR_CONNECTION_RESET/ };
