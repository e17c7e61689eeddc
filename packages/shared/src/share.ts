/**
 * "Share to VGL" (issue 37): the installed app is a share target; a shared
 * link of a game's store, IGDB or Wikidata page opens its VGL page.
 */
export const SHARE_MESSAGES = {
  noMatch: "We couldn't match this link to a game in this catalog",
  notAUrl: 'url must be a web address (http or https)',
  nothingShared: "Nothing was shared: share a link to a game's store page, IGDB or Wikidata page.",
} as const;

/** The longest link the server reads (a store link with tracking is a few hundred characters). */
export const SHARE_URL_MAX = 2000;

/** The platforms a member owns: release alerts say "out" for a release on one of them. */
export const MEMBER_PLATFORMS_MAX = 50;

export const MEMBER_PLATFORMS_MESSAGES = {
  tooMany: `Pick at most ${MEMBER_PLATFORMS_MAX} platforms`,
  unknown: (ids: number[]) => `No platform with id ${ids.join(', ')}`,
  saved: 'Your platforms are saved.',
} as const;

/** A platform a member owns, as Settings lists it. */
export interface MemberPlatform {
  id: number;
  slug: string;
  name: string;
  abbreviation: string | null;
}
