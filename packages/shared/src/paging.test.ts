import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './paging.js';

const per = 24;
const totalFor = (pages: number) => pages * per;

describe('pageWindow (SPEC §9)', () => {
  it('shows no pagination when the total fits on one page', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 24)).toEqual([]);
  });

  it('paginates as soon as the total exceeds 24', () => {
    expect(pageWindow(1, 25)).toEqual([1, 2]);
  });

  it('shows pages 1–5 while the current page is 3 or less', () => {
    for (const current of [1, 2, 3]) expect(pageWindow(current, totalFor(20))).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows current ±2 in the middle', () => {
    expect(pageWindow(4, totalFor(20))).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, totalFor(20))).toEqual([8, 9, 10, 11, 12]);
  });

  it('shows the last 5 pages near the end', () => {
    expect(pageWindow(18, totalFor(20))).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, totalFor(20))).toEqual([16, 17, 18, 19, 20]);
  });

  it('clamps a page past the end and garbage to the valid range', () => {
    expect(pageWindow(99, totalFor(20))).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(Number.NaN, totalFor(20))).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts pages', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(49)).toBe(3);
  });
});
