import { existsSync } from 'node:fs';

/** Where Debian and Ubuntu install Chromium; CHROMIUM_PATH overrides. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

/** Flags that work as root in a container without a GPU, and keep Chromium from calling home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
