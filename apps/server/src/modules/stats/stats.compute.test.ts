import { describe, expect, it } from 'vitest';
import { byDecade, byPlatform, longestStreak, perGame, ratingCounts, timeline, type PlayedEntry, type StatsRows } from './stats.compute.js';

describe('stats arithmetic', () => {
  it('finds the longest run of consecutive days, across months, years and leap days', () => {
    expect(longestStreak([])).toEqual({ days: 0, from: null, to: null });
    expect(longestStreak(['2024-05-05'])).toEqual({ days: 1, from: '2024-05-05', to: '2024-05-05' });
    expect(longestStreak(['2023-12-30', '2023-12-31', '2024-01-01', '2024-01-03'])).toEqual({ days: 3, from: '2023-12-30', to: '2024-01-01' });
    expect(longestStreak(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-10', '2024-03-11'])).toEqual({ days: 4, from: '2024-02-27', to: '2024-03-01' });
    // The first of two equal runs is kept.
    expect(longestStreak(['2024-01-01', '2024-01-02', '2024-06-01', '2024-06-02'])).toEqual({ days: 2, from: '2024-01-01', to: '2024-01-02' });
  });

  it('lays out twelve months for a year and every year between the first and last for all time', () => {
    const days = [
      { day: '2021-03-01', sessions: 2, minutes: 90 },
      { day: '2023-03-05', sessions: 1, minutes: 30 },
      { day: '2023-12-31', sessions: 1, minutes: 0 },
    ];
    expect(timeline(days, null)).toEqual([
      { period: '2021', sessions: 2, hours: 1.5 },
      { period: '2022', sessions: 0, hours: 0 },
      { period: '2023', sessions: 2, hours: 0.5 },
    ]);
    const months = timeline(days.slice(1), 2023);
    expect(months).toHaveLength(12);
    expect(months[2]).toEqual({ period: '2023-03', sessions: 1, hours: 0.5 });
    expect(months[11]).toEqual({ period: '2023-12', sessions: 1, hours: 0 });
  });

  it('groups games by decade, unknown last, and counts ratings 1–10', () => {
    expect(byDecade([{ release_year: 1999 }, { release_year: null }, { release_year: 1990 }, { release_year: 1985 }])).toEqual([
      { key: '1980', label: '1980s', games: 1 },
      { key: '1990', label: '1990s', games: 2 },
      { key: null, label: 'Unknown', games: 1 },
    ]);
    expect(ratingCounts([{ rating: 1 }, { rating: 10 }, { rating: 10 }, { rating: null }])).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });

  it('never shows a platform group with hours and no game: platformless sessions go where their game is, or stay "Not said" with it', () => {
    const entry = (game_id: number) => ({ game_id }) as PlayedEntry;
    const session = (gameId: number, platformId: number | null, minutes: number) => ({ gameId, platformId, sessions: 1, minutes, finished: false });
    const rows = {
      // 1: listed on one platform (10); 2: listed on two (10, 20); 3: on none; 4: gone from the catalog (no entry).
      entries: [entry(1), entry(2), entry(3)],
      entryPlatforms: [
        { game_id: 1, platform_id: 10 },
        { game_id: 2, platform_id: 10 },
        { game_id: 2, platform_id: 20 },
      ],
      games: [session(1, null, 600), session(2, null, 60), session(3, null, 30), session(4, null, 300)],
      platforms: new Map([
        [10, { slug: 'switch', name: 'Nintendo Switch' }],
        [20, { slug: 'win', name: 'PC (Microsoft Windows)' }],
      ]),
    } as unknown as StatsRows;
    const groups = byPlatform(rows, perGame(rows.games));
    expect(groups).toEqual([
      { key: 'switch', label: 'Nintendo Switch', games: 2, sessions: 1, hours: 10 },
      { key: null, label: 'Not said', games: 2, sessions: 2, hours: 1.5 },
      { key: 'win', label: 'PC (Microsoft Windows)', games: 1, sessions: 0, hours: 0 },
    ]);
    expect(groups.every((g) => g.games > 0)).toBe(true);
  });
});
