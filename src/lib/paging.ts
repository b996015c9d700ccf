/**
 * The page numbers to show as buttons: `width` pages around `current`, shifted to stay inside
 * 1..total. `pageWindow(7, 10, 5)` → `[5, 6, 7, 8, 9]`.
 */
export function pageWindow(current: number, total: number, width: number): number[] {
  if (total <= 0) return [];
  const size = Math.min(width, total);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), total - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}
