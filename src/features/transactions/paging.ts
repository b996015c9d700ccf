import { TRANSACTIONS_PAGE_SIZE } from '../../shared/constants';

/** Spec §9: five page buttons at most, the current page kept in the middle where possible. */
export const VISIBLE_PAGE_BUTTONS = 5;

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
}

export function pageSlice<T>(items: readonly T[], page: number): T[] {
  const start = (page - 1) * TRANSACTIONS_PAGE_SIZE;
  return items.slice(start, start + TRANSACTIONS_PAGE_SIZE);
}

/** The page numbers to show as buttons: `visiblePages(7, 10)` → `[5, 6, 7, 8, 9]`. */
export function visiblePages(page: number, count: number): number[] {
  const width = Math.min(VISIBLE_PAGE_BUTTONS, count);
  const first = Math.min(Math.max(1, page - Math.floor(width / 2)), count - width + 1);
  return Array.from({ length: width }, (_, index) => first + index);
}
