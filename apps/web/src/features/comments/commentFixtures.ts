/** Test data for the comments' component tests (imported only by *.test.tsx, so it never reaches the bundle). */
import { TOTAL_COUNT_HEADER, type CommentEntry } from '@vgl/shared';

export const aComment = (overrides: Partial<CommentEntry> = {}): CommentEntry => {
  const id = overrides.id ?? 1;
  return {
    _id: `c${id}`,
    id,
    user: { username: 'Bob_Builder', avatar: null },
    body: 'Totally agree.',
    likes: 0,
    date: { created: Date.UTC(2026, 10, 23, 12), updated: Date.UTC(2026, 10, 23, 12) },
    viewerCan: { edit: false, delete: false },
    ...overrides,
  };
};

/** A page of a list as the API answers it: the items, and the total in X-Total-Count. */
export const paged = (items: unknown[], total = items.length) => ({ body: items, headers: { [TOTAL_COUNT_HEADER]: String(total) } });
