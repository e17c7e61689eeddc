import { PAGING } from './limits.js';

export function pageCount(total: number, perPage: number = PAGING.gamesPerPage): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / perPage));
}

/**
 * The page numbers the pagination shows (SPEC §9): pages 1–5 while the current
 * page is 3 or less, the last 5 near the end, otherwise current ±2.
 * Empty when everything fits on one page.
 */
export function pageWindow(current: number, total: number, perPage: number = PAGING.gamesPerPage): number[] {
  const pages = pageCount(total, perPage);
  if (total <= perPage) return [];
  const size = Math.min(PAGING.windowSize, pages);
  const half = Math.floor(PAGING.windowSize / 2);
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), pages);
  let start: number;
  if (page <= half + 1) start = 1;
  else if (page >= pages - half) start = pages - size + 1;
  else start = page - half;
  return Array.from({ length: size }, (_, i) => start + i);
}
