import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/** Design §4: writes need a connection; offline they fail at once with this message. */
export const OFFLINE_MESSAGE = 'You are offline. Connect to the internet to make changes.';

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Whether the server answered the last request (design §4: a dead Wi-Fi still says online). Kept
 * apart from TanStack's onlineManager: set offline, that would pause every query, and then no
 * request would ever find out that the server is back.
 */
let serverReachable = true;
const reachabilityListeners = new Set<() => void>();

export function setServerReachable(reachable: boolean): void {
  if (reachable === serverReachable) return;
  serverReachable = reachable;
  reachabilityListeners.forEach((listener) => listener());
}

/**
 * Stack notes: TanStack's onlineManager starts "online" and only changes on online/offline events, so
 * a page loaded while offline would think it is online. The browser's own flag is checked too, and
 * whether the server could be reached.
 */
export function isOnline(): boolean {
  return serverReachable && onlineManager.isOnline() && browserOnline();
}

/** Call once at start: tells the onlineManager what the browser knows already. */
export function syncOnlineState(): void {
  onlineManager.setOnline(browserOnline());
}

// The browser says it is back online: the server counts as reachable again until a request says
// otherwise (a write left unconfirmed is then asked for again, src/lib/writes.ts).
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setServerReachable(true));
}

/** Calls `listener` when the connection state may have changed. */
export function subscribeOnline(listener: () => void): () => void {
  reachabilityListeners.add(listener);
  const unsubscribe = onlineManager.subscribe(() => listener());
  return () => {
    reachabilityListeners.delete(listener);
    unsubscribe();
  };
}

/** The connection state, re-rendering on changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
