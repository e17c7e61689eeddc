/** Business constants and limits of SPEC §9 (and the product name of §1). */
export const PRODUCT = {
  name: 'VGL',
  tagline: 'Track Your Gaming Journey',
  description:
    'Add video games to your library, rate them, and write reviews. Follow your friends and discover new titles worth playing.',
  shareImage: '/img/og-image.jpg',
  logo: '/img/logo.png',
  defaultAvatar: '/img/avatars/avatar-default.svg',
  gamesDatabase: { name: 'IGDB', url: 'https://www.igdb.com' },
} as const;

export const AUTH = {
  tokenStorageKey: 'authToken',
  /** A token expiring in less than this many seconds is refreshed at startup (6 days). */
  refreshThresholdSeconds: 518_400,
} as const;

export const PAGING = {
  gamesPerPage: 24,
  teaserSize: 6,
  firstPage: 1,
  windowSize: 5,
  scrollToTopDelayMs: 100,
  /** Search totals are counted up to here; the search page shows "1,000+". */
  searchCountCap: 1000,
} as const;

export const REVIEW_TEXT = {
  excerptLength: 600,
  collapseOver: 900,
  maxWordLength: 40,
} as const;

export const TIMING = {
  toastHideMs: 4000,
  toastFadeMs: 300,
  modalCloseDelayMs: 250,
} as const;

export const RATING = {
  min: 0,
  max: 10,
  stars: 5,
  iconSizes: { xs: 8, sm: 10, md: 12, lg: 18, xl: 24 },
} as const;

export const AVATAR_SIZES = { sm: 18, md: 36, lg: 48, xl: 80 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

export const FIELD_LIMITS = {
  email: { min: 6, max: 32 },
  username: { min: 4, max: 16 },
  password: { min: 8, max: 32 },
} as const;

export const RELEASE_DATE_UNKNOWN = 'TBA';

/** Play status codes of SPEC §3 (1–4 keep their meaning for API clients); 5 and 6 are VGL's additions (issue 38). */
export const PLAY_STATUS = {
  playing: 1,
  beaten: 2,
  abandoned: 3,
  wantToPlay: 4,
  /** Played without finishing: endless, multiplayer, or simply stopped without abandoning. */
  played: 5,
  /** Paused, meant to return. */
  shelved: 6,
} as const;
export type PlayStatus = (typeof PLAY_STATUS)[keyof typeof PLAY_STATUS];
/** Every code, in the order pickers offer them. */
export const PLAY_STATUSES: readonly PlayStatus[] = [1, 2, 5, 6, 3, 4];
/** The API's one-line description of the codes (OpenAPI and error messages). */
export const PLAY_STATUS_DESCRIPTION = '1 playing, 2 beaten, 3 abandoned, 4 want to play, 5 played (not finished), 6 shelved';

/** How much of a beaten game was done (issue 38): only on a Beaten entry, else null. */
export const COMPLETION_LEVELS = ['main', 'main_extras', 'complete'] as const;
export type Completion = (typeof COMPLETION_LEVELS)[number];
