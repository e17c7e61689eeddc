/**
 * Test data for the notifications' component tests (imported only by
 * *.test.tsx, so it never reaches the bundle).
 */
import type { NotificationItem } from '@vgl/shared';

export const aNotification = (overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id: 1,
  kind: 'review_liked',
  actor: { username: 'Bob', avatar: null },
  createdAt: Date.UTC(2026, 10, 22, 12),
  read: false,
  review: { username: 'Alice', slug: 'celeste', gameName: 'Celeste' },
  comment: null,
  list: null,
  message: null,
  ...overrides,
});
