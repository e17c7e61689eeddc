/**
 * The pages of SPEC §2 that exist so far. A route is added here when its
 * feature lands; the web router registers exactly these, and the server
 * answers every other path with the SPA's 404 screen and a real 404 status.
 */
export const APP_ROUTES = {
  home: '/',
  auth: '/auth',
  register: '/auth/register',
  activation: '/auth/activation',
  activate: '/auth/activation/:token',
  verifyEmail: '/auth/verification/:token',
  passwordReset: '/auth/password/reset',
  passwordNew: '/auth/password/new/:token',
  games: '/games',
  game: '/games/:slug',
  search: '/search',
  members: '/members',
  trending: '/trending',
  upcoming: '/upcoming',
  platform: '/platforms/:slug',
  platformAbout: '/platforms/:slug/about',
  genre: '/genres/:slug',
  theme: '/themes/:slug',
  selection: '/selections/:slug',
  profile: '/u/:username',
  profileDiary: '/u/:username/diary',
  profileLibrary: '/u/:username/library',
  profileReviews: '/u/:username/reviews',
  profileFollowing: '/u/:username/following',
  profileFollowers: '/u/:username/followers',
  review: '/u/:username/reviews/:slug',
  // A replay's review, at an address of its own (issue 38); the first play's is the review above.
  playReview: '/u/:username/reviews/:slug/plays/:id',
  profileLists: '/u/:username/lists',
  list: '/u/:username/lists/:slug',
  profileStats: '/u/:username/stats',
  // A member's wishlist and backlog by release date (issue 37).
  comingUp: '/u/:username/coming-up',
  // The installed app's share target (manifest share_target): finds the game a shared link is about.
  share: '/share',
  yearInReview: '/u/:username/year/:year',
  settings: '/u/:username/settings',
  settingsAccount: '/u/:username/settings/account',
  settingsData: '/u/:username/settings/data',
  settingsApi: '/u/:username/settings/api',
  settingsInvites: '/u/:username/settings/invites',
  settingsNotifications: '/u/:username/settings/notifications',
  // A notification e-mail's "Unsubscribe from these e-mails": a confirmation button, no login.
  unsubscribe: '/unsubscribe',
  settingsPrivacy: '/u/:username/settings/privacy',
  suspended: '/u/:username/suspended',
  activity: '/activity',
  notifications: '/notifications',
  dashboard: '/dashboard',
  dashboardUsers: '/dashboard/users',
  dashboardReviews: '/dashboard/reviews',
  dashboardComments: '/dashboard/comments',
  dashboardFeatured: '/dashboard/reviews-ft',
  dashboardCatalog: '/dashboard/catalog',
  dashboardSubmissions: '/dashboard/submissions',
  dashboardReports: '/dashboard/reports',
  dashboardRegistrations: '/dashboard/registrations',
  dashboardFederation: '/dashboard/federation',
  // What a member's words and profile send to other servers (issue 40), linked from Settings → Privacy.
  aboutFederation: '/about/federation',
} as const;

export type AppRoute = (typeof APP_ROUTES)[keyof typeof APP_ROUTES];

const patterns: string[][] = Object.values(APP_ROUTES).map(segmentsOf);

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** True when the path is one of the registered pages (":param" matches one segment). */
export function isAppRoute(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]?.toLowerCase()),
  );
}
