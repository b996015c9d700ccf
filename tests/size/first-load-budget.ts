import { fileURLToPath } from 'node:url';
import {
  FIRST_SCREEN_ROUTES,
  firstLoadFromBuild,
  type FirstScreen,
} from '../bench/web/build-first-load';

/**
 * `npm run test:size` (in `npm test`, after the build): the first load of each first screen, computed
 * from dist/ as `npm run bench` counts it in Chromium (every script and stylesheet, each gzipped at
 * level 9; the bench checks that the two agree), against its budget. Fails naming the screen and the
 * bytes over, so a regression is caught without the bench.
 *
 * The budgets are 1.25x the bare React + TanStack Router + Query app's first load, 102,690 B in the
 * bench run of 2026-11-22 03:57 (tests/bench/results.json rounds it to 102.7 kB; the byte count
 * follows from the two first-load ratios there). Later features load lazily, in their routes' own
 * chunks, and do not raise them.
 */
const BUDGET_BYTES: Record<FirstScreen, number> = {
  '/login': 128_362,
  '/dashboard': 128_362,
};

/** dist/, or the build given as the argument (`npm run test:size -- /tmp/build`). */
const dist = process.argv[2] ?? fileURLToPath(new URL('../../dist', import.meta.url));
const bytes = (count: number) => `${count.toLocaleString('en-US')} B`;

const over: string[] = [];
for (const page of Object.keys(FIRST_SCREEN_ROUTES) as FirstScreen[]) {
  const load = await firstLoadFromBuild(dist, page);
  const budget = BUDGET_BYTES[page];
  const spare = budget - load.gzipBytes;
  console.log(
    `First load ${page}: ${bytes(load.gzipBytes)} gzip, budget ${bytes(budget)}, ` +
      (spare >= 0 ? `${bytes(spare)} to spare` : `${bytes(-spare)} OVER`),
  );
  for (const file of load.files)
    console.log(`  ${bytes(file.gzipBytes).padStart(10)}  ${file.path}`);
  if (spare < 0) over.push(`${page} is ${bytes(-spare)} over its budget of ${bytes(budget)}`);
}

if (over.length > 0) {
  console.error(
    `\nFirst-load budget exceeded: ${over.join('; ')}.\n` +
      'Load the new code lazily (in the route chunk of the screen that needs it) or move it out of ' +
      'the first screens’ chunks (src/build/chunk-plan.ts); the budgets are in tests/size/first-load-budget.ts.',
  );
  process.exit(1);
}
