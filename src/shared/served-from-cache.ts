/**
 * Design §4: the service worker marks an API answer it gave from its cache (the network failed or was
 * slower than its timeout) with this header, so the page knows the server was not reached.
 */
export const SERVED_FROM_CACHE_HEADER = 'X-Served-From-Cache';
