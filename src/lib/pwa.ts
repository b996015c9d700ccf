import { Workbox } from 'workbox-window';

/** Registers the service worker built from sw/ (production builds only). */
export function registerServiceWorker(): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const wb = new Workbox('/sw.js', { scope: '/' });
  void wb.register();
  return wb;
}
