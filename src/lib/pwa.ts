import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** A new version is installed and waiting to take over. */
  updateWaiting: boolean;
  /** The browser offers to install the app. */
  canInstall: boolean;
}

let state: PwaState = { updateWaiting: false, canInstall: false };
const listeners = new Set<() => void>();
let registration: ServiceWorkerRegistration | undefined;
let installPrompt: BeforeInstallPromptEvent | undefined;

function setState(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The update and install offers, re-rendering on changes. */
export function usePwaState(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** A new version waiting to take over: only when an older one controls the page (not the first install). */
function watchForWaitingVersion(found: ServiceWorkerRegistration): void {
  const noteWaiting = () => {
    if (found.waiting && navigator.serviceWorker.controller) setState({ updateWaiting: true });
  };
  // Installed by an earlier visit and still waiting when this page loaded.
  noteWaiting();
  found.addEventListener('updatefound', () => {
    const installing = found.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') noteWaiting();
    });
  });
}

/**
 * Registers the service worker built from sw/ (production builds only), once the page has loaded so
 * the worker's precache does not compete with the first load.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((found) => {
        registration = found;
        watchForWaitingVersion(found);
      })
      // Registration fails where workers are blocked (some private modes, policies): the app then
      // simply runs without offline support.
      .catch((error: unknown) => console.warn('Service worker not registered:', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Activates the waiting version (design §4: never silently) and reloads once it controls the page. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** Keeps the browser's install offer for the "Install app" action (it may come before any render). */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as BeforeInstallPromptEvent;
    setState({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = undefined;
    setState({ canInstall: false });
  });
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<void> {
  const offer = installPrompt;
  if (!offer) return;
  installPrompt = undefined;
  setState({ canInstall: false });
  try {
    await offer.prompt();
    await offer.userChoice;
  } catch (error) {
    // Chromium refuses a second prompt() or one without a user gesture; the offer is gone either way.
    console.warn('Install prompt failed:', error);
  }
}
