/**
 * Test data for the activity feed's component tests (imported only by
 * *.test.tsx, so it never reaches the bundle).
 */
import type { ActivityItem, EntryGame } from '@vgl/shared';

export const celeste: EntryGame = { cover: null, name: 'Celeste', slug: 'celeste', first_release_date: 1516665600, release_year: 2018 };

export const anActivity = (overrides: Partial<ActivityItem> = {}): ActivityItem => ({
  id: 1,
  actor: { username: 'Alice', avatar: null },
  verbs: ['added'],
  createdAt: Date.UTC(2026, 10, 22, 12),
  game: celeste,
  review: null,
  status: null,
  rating: null,
  targetUser: null,
  comment: null,
  list: null,
  ...overrides,
});
