/** The modern build of workbox-window (src/lib/pwa.ts): the same API as the package's default entry. */
declare module 'workbox-window/build/workbox-window.prod.mjs' {
  export * from 'workbox-window';
}
