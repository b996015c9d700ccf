/**
 * One figure of `npm run bench`: what was measured, the baseline measured beside it in the same run,
 * and the target of issue 6. `pass` is decided by the part that measured it.
 */
export interface Measurement {
  /** Section of the table: Web, API, Clicks, Memory. */
  group: string;
  /** What was measured, e.g. "check-auth requests/s (50 connections, PGlite)". */
  name: string;
  value: number;
  unit: string;
  /** The same-run baseline, when the target is relative to one. */
  baseline?: { name: string; value: number };
  /** value / baseline.value, when there is a baseline. */
  ratio?: number;
  /** The target in words, e.g. ">= 0.25x bare and p99 < 25 ms"; absent for figures without one. */
  target?: string;
  /** Whether the target holds; absent for figures without one. */
  pass?: boolean;
}

export interface BenchResult {
  startedAt: string;
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  measurements: Measurement[];
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(Math.abs(value) >= 1 ? 2 : 3);
}

/** The table printed at the end of the run. */
export function formatTable(measurements: Measurement[]): string {
  const header = ['Group', 'Figure', 'Value', 'Baseline', 'Ratio', 'Target', 'OK'];
  const rows = measurements.map((m) => [
    m.group,
    m.name,
    `${formatNumber(m.value)} ${m.unit}`.trim(),
    m.baseline ? `${formatNumber(m.baseline.value)} (${m.baseline.name})` : '',
    m.ratio === undefined ? '' : `${m.ratio.toFixed(2)}x`,
    m.target ?? '',
    m.pass === undefined ? '' : m.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
