import type { KnownMember, MemberCard } from '@vgl/shared';
import type { Actor } from '../library/library.service.js';
import { bioExcerpt } from '../follows/follows.service.js';
import type { MemberRow } from './people.repo.js';

/** What the viewer's follows and the members' libraries add to their rows. */
export interface CardContext {
  viewer: Actor;
  followed: Set<number>;
  games: Map<number, number>;
}

/** A member row as search and the directory answer it (the follow-card fields, plus games). */
export function toMemberCard(row: MemberRow, { viewer, followed, games }: CardContext): MemberCard {
  return {
    username: row.username,
    avatar: row.avatar,
    bio: bioExcerpt(row.bio),
    followers: Number(row.followers_count),
    games: games.get(row.id) ?? 0,
    isFollowing: !viewer || viewer.id === row.id ? null : followed.has(row.id),
  };
}

export const toKnownMember = (row: MemberRow & { mutuals: number }, context: CardContext): KnownMember => ({
  ...toMemberCard(row, context),
  mutuals: row.mutuals,
});
