import { TRANSACTIONS_PAGE_SIZE } from '@/shared/constants';

/** Spec §9: five page buttons at most, the current page kept in the middle where possible. */
export const VISIBLE_PAGE_BUTTONS = 5;

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
}

export function pageSlice<T>(items: readonly T[], page: number): T[] {
  const start = (page - 1) * TRANSACTIONS_PAGE_SIZE;
  return items.slice(start, start + TRANSACTIONS_PAGE_SIZE);
}
