import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { formatTable, type BenchResult, type Measurement } from './report';

/**
 * `npm run bench`: every figure of issue 6 beside its same-run baseline. Prints a table and writes
 * tests/bench/results.json. `npm run bench -- web` (or `-- server`, `-- watcher`, `-- enumeration`) runs one part and
 * only prints its table: results.json always holds one whole run. `-- statement` runs the account
 * statement's figures alone (part of a whole run too). `-- clicks` runs the server part's
 * click figures alone (a whole run has them in `server`), `-- ranges` the dashboard's range figures.
 */
const parts: Record<string, () => Promise<Measurement[]>> = {
  web: async () => (await import('./web/index')).runWebBench(),
  server: async () => (await import('./server/index')).runServerBench(),
  watcher: async () => (await import('./server/watcher')).runWatcherBench(),
  enumeration: async () => (await import('./server/enumeration')).runEnumerationBench(),
  clicks: async () => (await import('./server/index')).runServerBench({ api: false }),
  ranges: async () => (await import('./server/range')).runRangeBench(),
  statement: async () => (await import('./server/statement')).runStatementBench(),
};
/** Parts that only run when named. */
const namedOnly = new Set(['clicks', 'ranges']);

const chosen = process.argv.slice(2).filter((arg) => arg in parts);
const startedAt = new Date().toISOString();
const measurements: Measurement[] = [];
for (const [name, run] of Object.entries(parts)) {
  if (chosen.length > 0 ? !chosen.includes(name) : namedOnly.has(name)) continue;
  console.log(`\n== ${name} ==`);
  measurements.push(...(await run()));
}
const cpu = cpus();
const result: BenchResult = {
  startedAt,
  finishedAt: new Date().toISOString(),
  machine: {
    cpus: cpu.length,
    cpuModel: cpu[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  measurements,
};
console.log('\n' + formatTable(measurements));
if (chosen.length === 0) {
  const out = fileURLToPath(new URL('./results.json', import.meta.url));
  await writeFile(out, JSON.stringify(result, null, 2) + '\n');
  console.log(`\nWritten to ${out}`);
}
const missed = measurements.filter((m) => m.pass === false);
if (missed.length > 0) console.log(`Targets missed: ${missed.map((m) => m.name).join('; ')}`);
process.exit(0);
