import { Workbox } from 'workbox-window';

/** Registers the service worker built from sw/ (production builds only). */
export function registerServiceWorker(): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // Registration fails where workers are blocked (some private modes, policies): the app then simply
  // runs without offline support.
  wb.register().catch((error: unknown) => console.warn('Service worker not registered:', error));
  return wb;
}
