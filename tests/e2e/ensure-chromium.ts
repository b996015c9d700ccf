import { ensureChromium } from './support/chromium';

/**
 * The first step of `npm test`: gets Chromium for the browser tests (tests/e2e/run.ts does the same)
 * before the long steps, so a machine without it learns the command to run in seconds, not after the
 * build.
 */
const chromium = ensureChromium();
if ('problem' in chromium) {
  console.error(`Browser tests: ${chromium.problem}`);
  process.exit(1);
}
