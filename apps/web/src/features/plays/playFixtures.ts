import type { Play } from '@vgl/shared';

/** Alice's first play of Hades (the library entry's), as GET …/library/hades/plays answers it. */
export const aPlay = (overrides: Partial<Play> = {}): Play => ({
  id: 11,
  number: 1,
  replay: false,
  startedOn: '2024-01-02',
  finishedOn: '2024-02-03',
  platform: { slug: 'switch', name: 'Nintendo Switch' },
  completion: 'main',
  rating: 8,
  review: 'Great runs.',
  spoilers: false,
  reviewPath: '/u/alice/reviews/hades',
  reviewCreatedAt: Date.UTC(2024, 1, 3),
  reviewUpdatedAt: null,
  sessions: 2,
  hours: 20.5,
  ...overrides,
});

/** Alice's replay of Hades, with its own verdict and review page. */
export const aReplay = (overrides: Partial<Play> = {}): Play =>
  aPlay({
    id: 12,
    number: 2,
    replay: true,
    startedOn: '2025-03-01',
    finishedOn: null,
    platform: null,
    completion: null,
    rating: 10,
    review: 'Even **better** the second time.',
    spoilers: true,
    reviewPath: '/u/alice/reviews/hades/plays/12',
    sessions: 3,
    hours: null,
    ...overrides,
  });
