import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The browser tests; started by tests/e2e/run.ts, which provides the running server. */
export default defineConfig({
  // `@/…` is src/, as in vite.config.ts (tsconfig.json paths).
  resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL('../../', import.meta.url)),
    include: ['tests/e2e/**/*.test.ts'],
    // One server and two cores: the files run one after another, each with its own browser.
    fileParallelism: false,
    // The walks over every signed-in page (accessibility, overflow) took about 48 s alone once the
    // range figures came in (issue 19): room for a slower machine.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
