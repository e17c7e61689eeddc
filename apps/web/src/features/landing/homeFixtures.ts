/**
 * Test data for the front page: an /api/home answer (imported only by
 * *.test.tsx, so it never reaches the bundle).
 */
import { CATALOG_ATTRIBUTIONS, GAMEDATABASE_ATTRIBUTION, type ReviewEntry } from '@vgl/shared';
import type { GameCard, Platform } from '../catalog/catalogApi';
import type { CatalogFacts, HomeData } from './homeApi';

let nextId = 1;

export const aGameCard = (overrides: Partial<GameCard> = {}): GameCard => {
  const id = nextId++;
  return {
    id,
    name: `Game ${id}`,
    slug: `game-${id}`,
    cover: null,
    first_release_date: 1645747200,
    release_year: 2022,
    rating: 80,
    platform: 'PC',
    ...overrides,
  };
};

export const sixGames = (prefix: string) => Array.from({ length: 6 }, (_, i) => aGameCard({ name: `${prefix} ${i + 1}`, slug: `${prefix.toLowerCase()}-${i + 1}` }));

export const aReview = (overrides: Partial<ReviewEntry> = {}): ReviewEntry => ({
  _id: 'review-1',
  user: { username: 'MarioFan', avatar: null },
  rating: 9,
  review: 'Still the best platformer ever made.',
  slug: 'super-mario-64',
  spoilers: false,
  status: 2,
  platform: ['n64'],
  comments: 2,
  likes: 14,
  game: { cover: null, name: 'Super Mario 64', slug: 'super-mario-64', first_release_date: 835142400, release_year: 1996 },
  date: { reviewCreated: Date.UTC(2026, 10, 20, 12), reviewUpdated: null, created: Date.UTC(2026, 10, 20, 12), updated: Date.UTC(2026, 10, 20, 12) },
  ...overrides,
});

const aPlatform = (overrides: Partial<Platform> = {}): Platform => ({
  id: 130,
  slug: 'switch',
  name: 'Nintendo Switch',
  abbreviation: 'Switch',
  alternative_name: 'NX',
  feat: true,
  games_count: 5123,
  ...overrides,
});

/** A catalog synced from IGDB: everything to filter and sort by. */
export const anIgdbCatalog = (overrides: Partial<CatalogFacts> = {}): CatalogFacts => ({
  source: 'igdb',
  games: 312_345,
  sources: [{ source: 'igdb', games: 312_345 }],
  attribution: [CATALOG_ATTRIBUTIONS.igdb!],
  sorts: ['popularity', 'rating', 'release', 'name'],
  filters: ['platform', 'genre', 'theme', 'releaseDate'],
  ...overrides,
});

/** The embedded open catalog: MAME's software lists, with GameDataBase's genres and themes for some, and no ratings. */
export const theEmbeddedCatalog = (overrides: Partial<CatalogFacts> = {}): CatalogFacts => ({
  source: 'mame',
  games: 51_736,
  sources: [{ source: 'mame', games: 51_736 }],
  attribution: [CATALOG_ATTRIBUTIONS.mame!, GAMEDATABASE_ATTRIBUTION],
  sorts: ['popularity', 'release', 'name'],
  filters: ['platform', 'genre', 'theme', 'releaseDate'],
  ...overrides,
});

export const aHome = (overrides: Partial<HomeData> = {}): HomeData => ({
  trending: sixGames('Trending'),
  reviews: [aReview(), aReview({ _id: 'review-2', slug: 'tetris', user: { username: 'Blocky', avatar: null }, game: { cover: null, name: 'Tetris', slug: 'tetris', first_release_date: null, release_year: 1984 } })],
  upcoming: sixGames('Upcoming'),
  platformOfTheDay: { platform: aPlatform(), games: sixGames('Switch') },
  selectionOfTheDay: {
    selection: { name: '16-bit Classics', slug: '16-bit-classics', description: 'The best of the Super Nintendo and Mega Drive years.', image: null },
    games: sixGames('Classic'),
  },
  browse: sixGames('Popular'),
  catalog: anIgdbCatalog(),
  platformNames: { n64: 'Nintendo 64' },
  ...overrides,
});
