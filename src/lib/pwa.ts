import { useSyncExternalStore } from 'react';
// The package's modern build: its default entry is transpiled to ES5, 70% larger. In the app's chunk:
// every first load fetched it anyway (a file of its own was 0.2 kB gzip more).
import { Workbox } from 'workbox-window/build/workbox-window.prod.mjs';

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
let workbox: Workbox | undefined;
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

/**
 * Registers the service worker built from sw/ (production builds only), once the page has loaded: the
 * worker's precache does not compete with the first load.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    const wb = new Workbox('/sw.js', { scope: '/' });
    // Design §4: a new version never swaps in silently; the app offers a reload (UpdatePrompt).
    wb.addEventListener('waiting', () => setState({ updateWaiting: true }));
    workbox = wb;
    await wb.register();
  };
  const start = () =>
    // Registration fails where workers are blocked (some private modes, policies): the app then
    // simply runs without offline support.
    void register().catch((error: unknown) =>
      console.warn('Service worker not registered:', error),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Activates the waiting version (design §4: never silently) and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** Keeps the browser's install offer for the "Install app" action (it may come before any render). */
export function listenForInstallPrompt(): void {
  // An offer made before the app ran, kept by the boot script (src/boot.ts).
  if (window.earlyInstallPrompt) {
    installPrompt = window.earlyInstallPrompt as BeforeInstallPromptEvent;
    setState({ canInstall: true });
  }
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
