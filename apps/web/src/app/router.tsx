import { APP_ROUTES } from '@vgl/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ActivationPage } from '../features/auth/ActivationPage';
import { RequireAuth } from '../features/auth/guards';
import { ActivateAccountPage, VerifyEmailPage } from '../features/auth/LinkPages';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { HomePage } from '../features/landing/HomePage';
import { SettingsLayout } from '../features/settings/SettingsLayout';
import type * as DashboardPages from '../features/dashboard/pages';
import { BareLayout } from './BareLayout';
import { Layout, LayoutFallback } from './Layout';

// Every dashboard page comes from one module, so the dashboard is one lazy chunk.
type DashboardPage = keyof typeof DashboardPages;
const dashboardPage = (name: DashboardPage) => import('../features/dashboard/pages').then((pages) => ({ Component: pages[name] }));

// Every page but "/" loads on demand, so the landing page downloads and runs only its own code (npm run bench:web).
const listPages = () => import('../features/catalog/ListPages');
const userListPages = () => import('../features/follows/UserListPage');

/**
 * The route table of SPEC §2, as far as features have landed (the same list
 * as APP_ROUTES in packages/shared, which the server uses for 404 statuses).
 * Everything else is the 404 screen — never a placeholder. Pages that need
 * the zod schemas load lazily, so the first page stays small.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // A first load straight onto a lazy page shows the frame at once, not a blank page (see LayoutFallback).
    HydrateFallback: LayoutFallback,
    children: [
      { path: APP_ROUTES.home, element: <HomePage /> },
      { path: APP_ROUTES.games, lazy: () => import('../features/catalog/GamesPage').then((m) => ({ Component: m.GamesPage })) },
      { path: APP_ROUTES.game, lazy: () => import('../features/catalog/GamePage').then((m) => ({ Component: m.GamePage })) },
      { path: APP_ROUTES.search, lazy: () => listPages().then((m) => ({ Component: m.SearchPage })) },
      { path: APP_ROUTES.members, lazy: () => import('../features/people/MembersPage').then((m) => ({ Component: m.MembersPage })) },
      { path: APP_ROUTES.trending, lazy: () => listPages().then((m) => ({ Component: m.TrendingPage })) },
      { path: APP_ROUTES.upcoming, lazy: () => listPages().then((m) => ({ Component: m.UpcomingPage })) },
      { path: APP_ROUTES.platform, lazy: () => listPages().then((m) => ({ Component: m.PlatformPage })) },
      { path: APP_ROUTES.platformAbout, lazy: () => listPages().then((m) => ({ Component: m.PlatformAboutPage })) },
      { path: APP_ROUTES.genre, lazy: () => listPages().then((m) => ({ element: <m.TaxonomyPage kind="genres" /> })) },
      { path: APP_ROUTES.theme, lazy: () => listPages().then((m) => ({ element: <m.TaxonomyPage kind="themes" /> })) },
      { path: APP_ROUTES.selection, lazy: () => listPages().then((m) => ({ Component: m.SelectionPage })) },
      {
        path: APP_ROUTES.profile,
        lazy: () => import('../features/profile/ProfileLayout').then((m) => ({ Component: m.ProfileLayout })),
        children: [
          { index: true, lazy: () => import('../features/profile/ProfileOverviewPage').then((m) => ({ Component: m.ProfileOverviewPage })) },
          { path: APP_ROUTES.profileDiary, lazy: () => import('../features/profile/DiaryPage').then((m) => ({ Component: m.DiaryPage })) },
          { path: APP_ROUTES.profileLibrary, lazy: () => import('../features/profile/LibraryPage').then((m) => ({ Component: m.LibraryPage })) },
          { path: APP_ROUTES.profileReviews, lazy: () => import('../features/profile/ReviewsPage').then((m) => ({ Component: m.ReviewsPage })) },
          { path: APP_ROUTES.profileLists, lazy: () => import('../features/lists/ListsPage').then((m) => ({ Component: m.ListsPage })) },
          { path: APP_ROUTES.profileStats, lazy: () => import('../features/stats/StatsPage').then((m) => ({ Component: m.StatsPage })) },
          { path: APP_ROUTES.profileFollowing, lazy: () => userListPages().then((m) => ({ Component: m.FollowingPage })) },
          { path: APP_ROUTES.profileFollowers, lazy: () => userListPages().then((m) => ({ Component: m.FollowersPage })) },
          // A tab of the profile, so it has a way in (issue 37).
          { path: APP_ROUTES.comingUp, lazy: () => import('../features/releases/ComingUpPage').then((m) => ({ Component: m.ComingUpPage })) },
        ],
      },
      { path: APP_ROUTES.review, lazy: () => import('../features/profile/ReviewPage').then((m) => ({ Component: m.ReviewPage })) },
      { path: APP_ROUTES.playReview, lazy: () => import('../features/plays/PlayReviewPage').then((m) => ({ Component: m.PlayReviewPage })) },
      { path: APP_ROUTES.list, lazy: () => import('../features/lists/ListPage').then((m) => ({ Component: m.ListPage })) },
      { path: APP_ROUTES.share, lazy: () => import('../features/share/SharePage').then((m) => ({ Component: m.SharePage })) },
      { path: APP_ROUTES.yearInReview, lazy: () => import('../features/stats/YearInReviewPage').then((m) => ({ Component: m.YearInReviewPage })) },
      {
        // Login and ownership are checked once, by the layout; each tab loads on its own (Account needs zod).
        path: APP_ROUTES.settings,
        element: <SettingsLayout />,
        children: [
          { index: true, lazy: () => import('../features/settings/ProfileSettingsPage').then((m) => ({ Component: m.ProfileSettingsPage })) },
          {
            path: APP_ROUTES.settingsAccount,
            lazy: () => import('../features/settings/AccountSettingsPage').then((m) => ({ Component: m.AccountSettingsPage })),
          },
          {
            path: APP_ROUTES.settingsNotifications,
            lazy: () => import('../features/settings/NotificationSettingsPage').then((m) => ({ Component: m.NotificationSettingsPage })),
          },
          { path: APP_ROUTES.settingsData, lazy: () => import('../features/settings/DataSettingsPage').then((m) => ({ Component: m.DataSettingsPage })) },
          { path: APP_ROUTES.settingsApi, lazy: () => import('../features/settings/ApiTokensPage').then((m) => ({ Component: m.ApiTokensPage })) },
          {
            path: APP_ROUTES.settingsInvites,
            lazy: () => import('../features/registration/InvitesSettingsPage').then((m) => ({ Component: m.InvitesSettingsPage })),
          },
          {
            path: APP_ROUTES.settingsPrivacy,
            lazy: () => import('../features/privacy/PrivacySettingsPage').then((m) => ({ Component: m.PrivacySettingsPage })),
          },
        ],
      },
      {
        path: APP_ROUTES.suspended,
        lazy: () =>
          import('../features/settings/SuspendedPage').then(({ SuspendedPage }) => ({
            element: (
              <RequireAuth>
                <SuspendedPage />
              </RequireAuth>
            ),
          })),
      },
      { path: APP_ROUTES.aboutFederation, lazy: () => import('../features/federation/WhatLeavesPage').then((m) => ({ Component: m.WhatLeavesPage })) },
      { path: APP_ROUTES.unsubscribe, lazy: () => import('../features/notifications/UnsubscribePage').then((m) => ({ Component: m.UnsubscribePage })) },
      {
        path: APP_ROUTES.activity,
        lazy: () =>
          import('../features/activity/ActivityPage').then(({ ActivityPage }) => ({
            element: (
              <RequireAuth>
                <ActivityPage />
              </RequireAuth>
            ),
          })),
      },
      {
        path: APP_ROUTES.notifications,
        lazy: () =>
          import('../features/notifications/NotificationsPage').then(({ NotificationsPage }) => ({
            element: (
              <RequireAuth>
                <NotificationsPage />
              </RequireAuth>
            ),
          })),
      },
      {
        // One lazy chunk for the whole dashboard; the layout checks login and role before any tab renders.
        path: APP_ROUTES.dashboard,
        lazy: () => dashboardPage('DashboardLayout'),
        children: [
          { index: true, lazy: () => dashboardPage('OverviewPage') },
          { path: APP_ROUTES.dashboardUsers, lazy: () => dashboardPage('UsersPage') },
          { path: APP_ROUTES.dashboardReviews, lazy: () => dashboardPage('ReviewsModerationPage') },
          { path: APP_ROUTES.dashboardComments, lazy: () => dashboardPage('CommentsModerationPage') },
          { path: APP_ROUTES.dashboardFeatured, lazy: () => dashboardPage('FeaturedReviewsPage') },
          { path: APP_ROUTES.dashboardCatalog, lazy: () => dashboardPage('CatalogPage') },
          { path: APP_ROUTES.dashboardSubmissions, lazy: () => dashboardPage('SubmissionsModerationPage') },
          { path: APP_ROUTES.dashboardReports, lazy: () => dashboardPage('ReportsQueuePage') },
          { path: APP_ROUTES.dashboardRegistrations, lazy: () => dashboardPage('RegistrationsPage') },
          { path: APP_ROUTES.dashboardFederation, lazy: () => dashboardPage('FederationPage') },
        ],
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
