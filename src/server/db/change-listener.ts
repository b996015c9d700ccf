import postgres from 'postgres';
import type { Changes } from './changes';

/** The channel the triggers of migration 0050 notify on a write to a table cached answers read. */
export const CHANGES_CHANNEL = 'read_cache';
/** The listening connection's application_name (shows in pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'promoclicks-read-cache';
/** How long to wait before listening again after a failed attempt. */
const RETRY_MS = 1000;

/**
 * Keeps one dedicated connection listening on CHANGES_CHANNEL (design §6: other server processes
 * write to the same database) and reports to `changes`: every notification is a write heard; the
 * writes of others are heard only while the connection listens, and it listens again at once after
 * it closes (then every second until it succeeds). Returns the function that stops it.
 */
export function listenForChanges(url: string, changes: Changes): () => Promise<void> {
  let stopped = false;
  let attempt: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  // onnotify is a postgres.js option its types leave out (its own sql.listen uses it); sql.listen
  // itself is not used because it hides when its connection closes.
  const options = {
    max: 1,
    max_lifetime: null,
    fetch_types: false,
    connection: { application_name: LISTENER_APPLICATION_NAME },
    onnotice: () => undefined,
    onnotify: () => changes.heardWrite(),
    onclose: () => {
      changes.setHeard(false);
      if (!attempt && !retry) listen();
    },
  };
  const listener = postgres(url, options);

  function listen(): void {
    if (stopped) return;
    retry = undefined;
    attempt = listener.unsafe(`LISTEN ${CHANGES_CHANNEL}`).then(
      () => {
        attempt = undefined;
        if (!stopped) changes.setHeard(true);
      },
      () => {
        attempt = undefined;
        if (stopped) return;
        retry = setTimeout(listen, RETRY_MS);
        retry.unref();
      },
    );
  }

  listen();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    changes.setHeard(false);
    await listener.end({ timeout: 5 });
  };
}
