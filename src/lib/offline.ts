import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/** Design §4: writes need a connection; offline they fail at once with this message. */
export const OFFLINE_MESSAGE = 'You are offline. Connect to the internet to make changes.';

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Stack notes: TanStack's onlineManager starts "online" and only changes on online/offline events, so
 * a page loaded while offline would think it is online. The browser's own flag is checked too.
 */
export function isOnline(): boolean {
  return onlineManager.isOnline() && browserOnline();
}

/** Call once at start: tells the onlineManager what the browser knows already. */
export function syncOnlineState(): void {
  onlineManager.setOnline(browserOnline());
}

function subscribe(listener: () => void): () => void {
  return onlineManager.subscribe(() => listener());
}

/** The connection state, re-rendering on changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** A screen's fixed failure message, or the offline message when the write was refused offline. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message === OFFLINE_MESSAGE ? OFFLINE_MESSAGE : fallback;
}
