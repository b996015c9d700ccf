import { useSyncExternalStore } from 'react';
import { browserTimeZone } from '@/lib/time-zone';
import type { StatRange } from '@/shared/stats-range';

/**
 * Issue 19: the date range the advertiser chose, one for every screen (dashboard, lists, tracker),
 * kept in localStorage so it survives a reload, with the browser's time zone.
 */
export interface ChosenRange {
  range: StatRange;
  from?: string;
  to?: string;
  time_zone: string;
}

const STORAGE_KEY = 'stats-range';

function read(): ChosenRange {
  const fallback: ChosenRange = { range: '30d', time_zone: browserTimeZone() };
  try {
    const kept = JSON.parse(
      localStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<ChosenRange> | null;
    if (!kept || typeof kept.range !== 'string') return fallback;
    if (kept.range === 'custom') {
      if (typeof kept.from !== 'string' || typeof kept.to !== 'string') return fallback;
      return { range: 'custom', from: kept.from, to: kept.to, time_zone: fallback.time_zone };
    }
    if (!['today', '7d', '30d', 'all'].includes(kept.range)) return fallback;
    return { range: kept.range, time_zone: fallback.time_zone };
  } catch {
    return fallback;
  }
}

let current: ChosenRange | undefined;
const listeners = new Set<() => void>();

function snapshot(): ChosenRange {
  current ??= read();
  return current;
}

/** Chooses the range for every screen. */
export function chooseRange(next: Omit<ChosenRange, 'time_zone'>): void {
  current = { ...next, time_zone: browserTimeZone() };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChosenRange(): ChosenRange {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
