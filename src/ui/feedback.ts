import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * What an action reported, shown above the page until the next one: a success or an error.
 * `arrived` marks a message brought from the page the action ended on: focus moves to it.
 */
export type Feedback = { kind: 'success' | 'error'; text: string; arrived?: boolean } | null;

declare module '@tanstack/history' {
  /**
   * Issue 13: an action that ends on another page says it succeeded there. The server's message
   * travels in the history entry's state, never in the URL, so a shared or bookmarked link
   * cannot show it; useFeedback removes it from the entry once read.
   */
  interface HistoryState {
    successMessage?: string;
  }
}

/**
 * The page's feedback, starting with the success message the previous page passed along (if any).
 * The message is taken out of the history entry at once: a reload or a Back to this entry would
 * replay it otherwise, as the browser keeps an entry's state across both.
 */
export function useFeedback() {
  const router = useRouter();
  // The resolved location, not the one being loaded: the page being left is still on screen
  // while the next one loads, and would take the message with it.
  const arrival = useRouterState({
    select: (state) => state.resolvedLocation?.state.successMessage,
  });
  const [feedback, setFeedback] = useState<Feedback>(null);

  useEffect(() => {
    if (!arrival) return;
    setFeedback({ kind: 'success', text: arrival, arrived: true });
    const { href, state } = router.history.location;
    const { successMessage: _read, ...rest } = state;
    router.history.replace(href, rest);
  }, [arrival, router]);

  return {
    feedback,
    showSuccess: (text: string) => setFeedback({ kind: 'success', text }),
    dismiss: () => setFeedback(null),
  };
}
