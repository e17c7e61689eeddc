import { LIBRARY_SHELF_LABELS, LIBRARY_SHELVES, LIBRARY_SORTS, PLAY_STATUSES, PLAY_STATUS_DESCRIPTIONS, PLAY_STATUS_LABELS, shelfOf, type LibraryGame, type LibraryShelf, type LibrarySort, type PlayStatus } from '@vgl/shared';

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
export const STATUS_OPTIONS = PLAY_STATUSES.map((code) => ({ code, label: PLAY_STATUS_LABELS[code], hint: PLAY_STATUS_DESCRIPTIONS[code] }));

/** "?status=" → a play status code, or undefined (All) for anything else. */
export function parseStatus(value: string | null): PlayStatus | undefined {
  return STATUS_OPTIONS.find((option) => String(option.code) === value)?.code;
}

/** "?sort=" → a library sort, the default for anything else. */
export function parseSort(value: string | null): LibrarySort {
  return LIBRARY_SORTS.find((sort) => sort === value) ?? DEFAULT_LIBRARY_SORT;
}

/** The shelves of "want to play" games, after the statuses in the same menu (the URL says ?shelf=wishlist). */
export const SHELF_OPTIONS = LIBRARY_SHELVES.map((shelf) => ({ shelf, label: LIBRARY_SHELF_LABELS[shelf] }));

/** "?shelf=" → backlog or wishlist, or undefined for anything else. */
export function parseShelf(value: string | null): LibraryShelf | undefined {
  return LIBRARY_SHELVES.find((shelf) => shelf === value);
}

/** A game's badge in the grid: its status, and for a game to play the shelf it is on. */
export function libraryBadge(game: Pick<LibraryGame, 'status' | 'owned'>): string | null {
  const shelf = shelfOf(game.status, game.owned);
  if (shelf) return LIBRARY_SHELF_LABELS[shelf];
  return game.status === null ? null : PLAY_STATUS_LABELS[game.status];
}
