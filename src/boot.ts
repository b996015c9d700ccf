import { showStaticShell } from './features/shell/static-shell';

/**
 * The page's first and only script tag (the build puts it in index.html in place of the app's, see
 * vite.config.ts bootBeforeApp): it shows the app shell, then loads and runs the app once the shell is
 * on screen. The page shows its frame and title after one small round trip instead of waiting blank
 * for the app's code; the app's code comes one round trip later than if it were fetched with the page
 * (from the service worker's cache after the first visit).
 */
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
  // A timer set in an animation frame runs after that frame is painted. A hidden page paints no
  // frames: it starts at once.
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
  document.addEventListener('visibilitychange', start, { once: true });
}
