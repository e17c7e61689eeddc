import type { MemberStats, StatsGame, YearInReview } from '@vgl/shared/stats';

export const aStatsGame = (overrides: Partial<StatsGame> = {}): StatsGame => ({ slug: 'celeste', name: 'Celeste', cover: null, release_year: 2018, ...overrides });

/** A member's stats as the API answers them; a year gets twelve months. */
export function aMemberStats(overrides: Partial<MemberStats> = {}): MemberStats {
  const year = overrides.year ?? null;
  return {
    username: 'Ann',
    year,
    totals: { played: 3, beaten: 1, abandoned: 1, playsFinished: 1, replaysFinished: 0, sessions: 5, hours: 4.8, daysPlayed: 5, reviews: 2 },
    byPlatform: [
      { key: 'win', label: 'PC (Microsoft Windows)', games: 1, sessions: 2, hours: 2.8 },
      { key: 'switch', label: 'Nintendo Switch', games: 1, sessions: 1, hours: 1.5 },
      { key: null, label: 'Not said', games: 0, sessions: 2, hours: 0.5 },
    ],
    byGenre: [
      { key: 'indie', label: 'Indie', games: 2 },
      { key: 'puzzle', label: 'Puzzle', games: 1 },
    ],
    byDecade: [
      { key: '1980', label: '1980s', games: 1 },
      { key: '2010', label: '2010s', games: 2 },
    ],
    ratings: [0, 0, 0, 1, 0, 0, 0, 1, 1, 0],
    mostPlayed: [
      { game: aStatsGame({ slug: 'hades', name: 'Hades' }), hours: 2.8, sessions: 2 },
      { game: aStatsGame(), hours: 2, sessions: 2 },
    ],
    longestStreak: { days: 3, from: '2024-01-01', to: '2024-01-03' },
    timeline:
      year === null
        ? [
            { period: '2023', sessions: 1, hours: 1 },
            { period: '2024', sessions: 5, hours: 4.8 },
          ]
        : Array.from({ length: 12 }, (_, m) => ({ period: `${year}-${String(m + 1).padStart(2, '0')}`, sessions: m === 0 ? 3 : m === 2 ? 2 : 0, hours: m === 0 ? 4 : m === 2 ? 0.8 : 0 })),
    years: [2024, 2023],
    ...overrides,
  };
}

export const emptyStats = (year: number | null = null): MemberStats => ({
  ...aMemberStats({ year }),
  totals: { played: 0, beaten: 0, abandoned: 0, playsFinished: 0, replaysFinished: 0, sessions: 0, hours: 0, daysPlayed: 0, reviews: 0 },
  byPlatform: [],
  byGenre: [],
  byDecade: [],
  ratings: Array.from({ length: 10 }, () => 0),
  mostPlayed: [],
  longestStreak: { days: 0, from: null, to: null },
  timeline: year === null ? [] : Array.from({ length: 12 }, (_, m) => ({ period: `${year}-${String(m + 1).padStart(2, '0')}`, sessions: 0, hours: 0 })),
  years: [],
});

export const aYearInReview = (year = 2024): YearInReview => ({
  stats: { ...aMemberStats({ year }), year },
  highlights: {
    firstGame: { game: aStatsGame(), playedOn: `${year}-01-01` },
    lastGame: { game: aStatsGame({ slug: 'hades', name: 'Hades' }), playedOn: `${year}-03-10` },
    bestRated: { game: aStatsGame(), rating: 9 },
    mostPlayed: { game: aStatsGame({ slug: 'hades', name: 'Hades' }), hours: 2.8, sessions: 2 },
  },
});
