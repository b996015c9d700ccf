import { describe, expect, it } from 'vitest';
import { pageWindow } from '@/lib/paging';

describe('pageWindow', () => {
  it('keeps the current page in the middle where it can', () => {
    expect(pageWindow(7, 10, 5)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(4, 6, 3)).toEqual([3, 4, 5]);
  });

  it('shifts the window to stay inside the pages', () => {
    expect(pageWindow(1, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 10, 5)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
  });

  it('has no buttons without pages', () => {
    expect(pageWindow(1, 0, 5)).toEqual([]);
  });
});
