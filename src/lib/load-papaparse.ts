import type { unparse } from 'papaparse';
import papaparseUrl from 'papaparse/papaparse.min.js?url';

declare global {
  interface Window {
    /** Set by papaparse's UMD build when it runs as a classic script. */
    Papa?: { unparse: typeof unparse };
  }
}

let loading: Promise<typeof unparse> | undefined;

/**
 * papaparse, run as the classic script its UMD build is, not imported: papaparse is CommonJS, and the
 * bundler's CommonJS helpers, shared until then by the first load alone, would move to a file of their
 * own that every first load fetches (`npm run test:size`: /dashboard +164 B gzip, over its budget).
 * Loaded once, on the first export; the worker precaches it like the app's scripts.
 */
export function loadUnparse(): Promise<typeof unparse> {
  loading ??= new Promise<typeof unparse>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = papaparseUrl;
    script.onload = () =>
      window.Papa ? resolve(window.Papa.unparse) : reject(new Error('No Papa'));
    script.onerror = () => reject(new Error(`Unable to load ${papaparseUrl}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
