import { showStaticShell } from './features/shell/static-shell';

/**
 * The page's first and only script tag (the build puts it in index.html in place of the app's, see
 * vite.config.ts bootBeforeApp): it shows the app shell, then loads and runs the app once the shell is
 * on screen. The page shows its frame and title after one small round trip instead of waiting blank
 * for the app's code; the app's code comes one round trip later than if it were fetched with the page
 * (from the service worker's cache after the first visit).
 */
declare global {
  interface Window {
    /** Chromium's install offer, for the "Install app" action (src/features/offline/install-offer.ts). */
    installOffer?: Event;
  }
}

// Chromium may offer installing at any time, before the app's code has run too: the offer is kept
// for the app until it is used or the app is installed.
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.installOffer = event;
});
window.addEventListener('appinstalled', () => {
  window.installOffer = undefined;
});

const shell = document.getElementById('shell');
const root = document.getElementById('root');
if (shell && root) showStaticShell(window.location.pathname, shell, root);

const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
if (app) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import(/* @vite-ignore */ app);
  };
  if (document.visibilityState !== 'visible') {
    // A hidden page paints nothing: it starts at once.
    start();
  } else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // Once the shell is on the screen: the browser reports its first contentful paint when the frame
    // has been presented, a little after the frame was drawn.
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
    // Whatever happens to the shell, the app is not kept waiting for long.
    setTimeout(start, 500);
  } else {
    // A timer set in an animation frame runs after that frame is drawn.
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  document.addEventListener('visibilitychange', start, { once: true });
}
