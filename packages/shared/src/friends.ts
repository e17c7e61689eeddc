import type { PlayStatus } from './limits.js';

/** Someone the member follows who has a game in their library (the game page's "Friends who played this"). */
export interface FriendPlay {
  user: { username: string; avatar: string | null };
  status: PlayStatus | null;
  /** 1–10 (half stars), null when unrated. */
  rating: number | null;
  /** Their review's slug (/u/{username}/reviews/{slug}), when they reviewed it. */
  reviewSlug: string | null;
  /** When their entry last changed (unix ms). */
  updatedAt: number;
}

export interface FriendsWhoPlayed {
  /** How many of the people followed have the game. */
  total: number;
  /** The most recently active of them, at most FRIENDS_SHOWN. */
  items: FriendPlay[];
}

export const FRIENDS_SHOWN = 12;
