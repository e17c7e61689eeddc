import { LIBRARY_SORTS, PLAY_STATUS_LABELS, type LibrarySort, type PlayStatus } from '@vgl/shared';

/** The library's sorts as the Sort menu names them; the first is the default. */
export const LIBRARY_SORT_LABELS: Record<LibrarySort, string> = {
  updated: 'Last updated',
  added: 'Date added',
  rating: 'Rating',
  name: 'Name',
  release: 'Release date',
};

export const DEFAULT_LIBRARY_SORT: LibrarySort = 'updated';

/** The Status menu: "All", then the play status codes of SPEC §3 (the URL carries the code: ?status=2). */
export const STATUS_OPTIONS = Object.entries(PLAY_STATUS_LABELS).map(([code, label]) => ({ code: Number(code) as PlayStatus, label }));

/** "?status=" → a play status code, or undefined (All) for anything else. */
export function parseStatus(value: string | null): PlayStatus | undefined {
  return STATUS_OPTIONS.find((option) => String(option.code) === value)?.code;
}

/** "?sort=" → a library sort, the default for anything else. */
export function parseSort(value: string | null): LibrarySort {
  return LIBRARY_SORTS.find((sort) => sort === value) ?? DEFAULT_LIBRARY_SORT;
}
