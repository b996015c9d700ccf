import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Components showing the offer, told when it is used up here. */
const listeners = new Set<() => void>();

// The boot script (src/boot.ts) keeps the offer in window.installOffer and drops it once installed;
// its listeners were added first, so the offer is up to date when these run.
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('beforeinstallprompt', listener);
  window.addEventListener('appinstalled', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('beforeinstallprompt', listener);
    window.removeEventListener('appinstalled', listener);
  };
}

/** Whether the browser offers to install the app, re-rendering on changes. */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.installOffer !== undefined,
    () => false,
  );
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<void> {
  const offer = window.installOffer as BeforeInstallPromptEvent | undefined;
  if (!offer) return;
  window.installOffer = undefined;
  for (const listener of listeners) listener();
  try {
    await offer.prompt();
    await offer.userChoice;
  } catch (error) {
    // Chromium refuses a second prompt() or one without a user gesture; the offer is gone either way.
    console.warn('Install prompt failed:', error);
  }
}
