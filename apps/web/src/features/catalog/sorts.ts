/** The browse sorts of GET /api/igdb/games, as the sort menu names them. */
export const BROWSE_SORTS_LABELS = {
  popularity: 'Popularity',
  rating: 'Rating',
  release: 'Release date',
  name: 'Name',
} as const;
