import { APP_ROUTES } from '@vgl/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ActivityPage } from '../features/activity/ActivityPage';
import { ActivationPage } from '../features/auth/ActivationPage';
import { RequireAuth } from '../features/auth/guards';
import { ActivateAccountPage, VerifyEmailPage } from '../features/auth/LinkPages';
import { LoginPage } from '../features/auth/LoginPage';
import { GamePage } from '../features/catalog/GamePage';
import { GamesPage } from '../features/catalog/GamesPage';
import { PlatformAboutPage, PlatformPage, SearchPage, SelectionPage, TaxonomyPage, TrendingPage, UpcomingPage } from '../features/catalog/ListPages';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { FollowersPage, FollowingPage } from '../features/follows/UserListPage';
import { HomePage } from '../features/landing/HomePage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { DiaryPage } from '../features/profile/DiaryPage';
import { LibraryPage } from '../features/profile/LibraryPage';
import { ProfileLayout } from '../features/profile/ProfileLayout';
import { ProfileOverviewPage } from '../features/profile/ProfileOverviewPage';
import { ReviewPage } from '../features/profile/ReviewPage';
import { ReviewsPage } from '../features/profile/ReviewsPage';
import { BareLayout } from './BareLayout';
import { Layout } from './Layout';

/**
 * The route table of SPEC §2, as far as features have landed (the same list
 * as APP_ROUTES in packages/shared, which the server uses for 404 statuses).
 * Everything else is the 404 screen — never a placeholder. Pages that need
 * the zod schemas load lazily, so the first page stays small.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: APP_ROUTES.home, element: <HomePage /> },
      { path: APP_ROUTES.games, element: <GamesPage /> },
      { path: APP_ROUTES.game, element: <GamePage /> },
      { path: APP_ROUTES.search, element: <SearchPage /> },
      { path: APP_ROUTES.trending, element: <TrendingPage /> },
      { path: APP_ROUTES.upcoming, element: <UpcomingPage /> },
      { path: APP_ROUTES.platform, element: <PlatformPage /> },
      { path: APP_ROUTES.platformAbout, element: <PlatformAboutPage /> },
      { path: APP_ROUTES.genre, element: <TaxonomyPage kind="genres" /> },
      { path: APP_ROUTES.theme, element: <TaxonomyPage kind="themes" /> },
      { path: APP_ROUTES.selection, element: <SelectionPage /> },
      {
        path: APP_ROUTES.profile,
        element: <ProfileLayout />,
        children: [
          { index: true, element: <ProfileOverviewPage /> },
          { path: APP_ROUTES.profileDiary, element: <DiaryPage /> },
          { path: APP_ROUTES.profileLibrary, element: <LibraryPage /> },
          { path: APP_ROUTES.profileReviews, element: <ReviewsPage /> },
          { path: APP_ROUTES.profileFollowing, element: <FollowingPage /> },
          { path: APP_ROUTES.profileFollowers, element: <FollowersPage /> },
        ],
      },
      { path: APP_ROUTES.review, element: <ReviewPage /> },
      {
        path: APP_ROUTES.settingsData,
        lazy: () =>
          import('../features/settings/DataSettingsPage').then(({ DataSettingsPage }) => ({
            element: (
              <RequireAuth>
                <DataSettingsPage />
              </RequireAuth>
            ),
          })),
      },
      {
        path: APP_ROUTES.activity,
        element: (
          <RequireAuth>
            <ActivityPage />
          </RequireAuth>
        ),
      },
      {
        path: APP_ROUTES.notifications,
        element: (
          <RequireAuth>
            <NotificationsPage />
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: APP_ROUTES.auth, element: <LoginPage /> },
      { path: APP_ROUTES.register, lazy: () => import('../features/auth/RegisterPage').then((m) => ({ Component: m.RegisterPage })) },
      { path: APP_ROUTES.activation, element: <ActivationPage /> },
      { path: APP_ROUTES.activate, element: <ActivateAccountPage /> },
      { path: APP_ROUTES.verifyEmail, element: <VerifyEmailPage /> },
      {
        path: APP_ROUTES.passwordReset,
        lazy: () => import('../features/auth/PasswordPages').then((m) => ({ Component: m.PasswordResetPage })),
      },
      {
        path: APP_ROUTES.passwordNew,
        lazy: () => import('../features/auth/PasswordPages').then((m) => ({ Component: m.PasswordNewPage })),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
