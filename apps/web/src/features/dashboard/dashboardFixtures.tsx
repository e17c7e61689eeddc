/**
 * Test data for the dashboard's component tests (imported only by *.test.tsx,
 * so it never reaches the bundle).
 */
import { TOTAL_COUNT_HEADER, type AdminComment, type AdminOverview, type AdminReview, type AdminUser, type AuditEntry, type UserRole } from '@vgl/shared';
import type { RouteObject } from 'react-router';
import { authStore } from '../../stores/auth';
import type { StubAnswer } from '../../test/stubFetch';
import { aGame } from '../profile/profileFixtures';
import { CommentsModerationPage, DashboardLayout, FeaturedReviewsPage, FederationPage, OverviewPage, ReviewsModerationPage, UsersPage } from './pages';

/** The dashboard's routes without the lazy loading and the site's nav bar around them. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    element: <DashboardLayout />,
    children: [
      { index: true, element: <OverviewPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'reviews', element: <ReviewsModerationPage /> },
      { path: 'comments', element: <CommentsModerationPage /> },
      { path: 'reviews-ft', element: <FeaturedReviewsPage /> },
      { path: 'federation', element: <FederationPage /> },
    ],
  },
];

export const signInAs = (role: UserRole, username = 'Mod_Mary') =>
  authStore.setState({ isAuthenticated: true, user: { username, avatar: null, isSuspended: false, role, exp: 4e9 } });

export const aUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 7,
  username: 'Alice',
  email: 'alice@example.com',
  avatar: null,
  role: 'user',
  state: 'active',
  createdAt: Date.UTC(2026, 0, 5, 12),
  lastLoginAt: Date.UTC(2026, 10, 20, 12),
  suspendedReason: null,
  suspendedAt: null,
  games: 12,
  reviews: 3,
  viewerCan: { suspend: true, unsuspend: false, changeRole: false },
  ...overrides,
});

export const aReview = (overrides: Partial<AdminReview> = {}): AdminReview => ({
  _id: '41',
  user: { username: 'Bob', avatar: null },
  rating: 8,
  review: 'A **great** climb.',
  slug: 'celeste',
  spoilers: false,
  status: 2,
  platform: ['pc'],
  comments: 0,
  likes: 2,
  game: aGame({ name: 'Celeste', slug: 'celeste' }),
  date: { reviewCreated: Date.UTC(2026, 10, 20), reviewUpdated: null, created: Date.UTC(2026, 10, 20), updated: Date.UTC(2026, 10, 20) },
  featured: false,
  featureRefusal: null,
  ...overrides,
});

export const aComment = (overrides: Partial<AdminComment> = {}): AdminComment => ({
  id: 9,
  body: 'Totally agree.',
  createdAt: Date.UTC(2026, 10, 21),
  user: { username: 'Carol', avatar: null },
  review: { username: 'Bob', slug: 'celeste', gameName: 'Celeste' },
  list: null,
  ...overrides,
});

export const anAuditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  actor: { username: 'Mod_Mary' },
  action: 'user.suspend',
  targetType: 'user',
  targetId: 7,
  targetLabel: 'Alice',
  reason: 'Spam links in every review.',
  createdAt: Date.UTC(2026, 10, 21, 9, 30),
  ...overrides,
});

/** Thirty UTC days ending 2026-11-22, with the given counts (zeros elsewhere). */
export const thirtyDays = (counts: Record<string, number> = {}) =>
  Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 22 - 29 + index)).toISOString().slice(0, 10);
    return { date, count: counts[date] ?? 0 };
  });

export const anOverview = (overrides: Partial<AdminOverview> = {}): AdminOverview => ({
  counts: { users: 1234, activeUsersWeek: 56, gamesLogged: 7890, reviews: 321, comments: 654 },
  signups: thirtyDays({ '2026-11-20': 4, '2026-11-22': 1 }),
  reviews: thirtyDays({ '2026-11-01': 2 }),
  audit: [anAuditEntry()],
  failedMail: { total: 0, latest: [] },
  ...overrides,
});

/** A page of a dashboard list as the server sends it: the rows, and the total in X-Total-Count. */
export const listAnswer = (items: unknown[], total = items.length): StubAnswer => ({ body: items, headers: { [TOTAL_COUNT_HEADER]: String(total) } });

export const refusal = (status: number, message: string): StubAnswer => ({ status, body: { error: 'forbidden', message, statusCode: status } });
