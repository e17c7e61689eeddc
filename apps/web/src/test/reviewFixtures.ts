/** Alice_99's review of Elden Ring, as GET /api/users/alice_99/reviews/elden-ring answers: for the review page's tests and its comments'. */
import type { ReviewEntry } from '@vgl/shared';

export const aReview = (overrides: Partial<ReviewEntry> = {}): ReviewEntry => ({
  _id: '7',
  user: { username: 'Alice_99', avatar: null },
  rating: 8,
  review: 'A **great** game.',
  slug: 'elden-ring',
  spoilers: false,
  status: 2,
  platform: ['pc'],
  comments: 0,
  likes: 2,
  game: { cover: null, name: 'Elden Ring', slug: 'elden-ring', first_release_date: 1645747200, release_year: 2022 },
  date: { reviewCreated: Date.UTC(2026, 10, 22), reviewUpdated: null, created: Date.UTC(2026, 10, 1), updated: Date.UTC(2026, 10, 22) },
  ...overrides,
});
