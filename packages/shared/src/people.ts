import type { UserCard } from './social.js';

/** Finding people (issue 36): member search, the members directory and "people you may know". */
export const PEOPLE_LIMITS = {
  /** Longer than any username (16): a longer query can only be a mistake. */
  queryMax: 40,
  perPage: 30,
  /** Members the nav's type-ahead shows under the games. */
  typeAhead: 3,
  /** "People you may know": one short row, no pages. */
  mayKnow: 12,
} as const;

export const MEMBER_SORTS = ['active', 'followers'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** A member as search and the directory show them: a follow card with the size of their library. */
export interface MemberCard extends UserCard {
  /** Games in their library. */
  games: number;
}

/** A member followed by people you follow: `mutuals` is how many of your follows follow them. */
export interface KnownMember extends MemberCard {
  mutuals: number;
}

/** The members directory, sorted or searched. */
export const membersHref = (q?: string) => (q && q.trim() ? `/members?${new URLSearchParams({ q: q.trim() })}` : '/members');
