import type { Generated } from 'kysely';
import type { Completion, DiaryEvent } from '@vgl/shared';

/** A member's games and diary (the library module's tables). */

export interface LibraryEntriesTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  /** PLAY_STATUS code 1–6 (5 played, 6 shelved: issue 38), or null when only rated or reviewed. */
  status: number | null;
  /** 1–10 (half stars), null when unrated. */
  rating: number | null;
  review: string | null;
  review_slug: string | null;
  review_created_at: number | null;
  review_updated_at: number | null;
  /** 1 when the author marked the review as containing spoilers (0038): shown blurred until revealed. */
  review_spoilers: Generated<number>;
  /** ISO dates "YYYY-MM-DD". */
  started_on: string | null;
  finished_on: string | null;
  /** 1–5 when the owner shows it among their favourites. */
  favourite_position: number | null;
  /** Set by moderators: featured reviews in this order. */
  featured_position: number | null;
  /** 1 has the game, 0 doesn't have it yet, null not said (0016): status 4 with 0 is the wishlist, else the backlog. */
  owned: number | null;
  /** The owner's private note on the game (0022): imports put other trackers' notes here. */
  notes: string | null;
  /** Time played as another service counts it (0022): Steam's or Playnite's playtime, whole minutes, and which service. */
  playtime_minutes: number | null;
  playtime_source: string | null;
  /** How much of a beaten game was done (0050); null when not said or not beaten. */
  completion: Completion | null;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Set when a moderator hid it after a report (0042): seen by its author and moderators only. */
  hidden_at: number | null;
  hidden_by: number | null;
  /** Who reads the review: 'public', 'followers' or 'private' (only its author) (0041, audience module). */
  review_visibility: Generated<'public' | 'followers' | 'private'>;
}

export interface DiaryEntriesTable {
  id: Generated<number>;
  user_id: number;
  entry_id: number;
  game_id: number;
  played_on: string;
  event: DiaryEvent;
  rating: number | null;
  note: string | null;
  replay: Generated<number>;
  minutes_played: number | null;
  created_at: number;
  /** The platform a session was played on (0016). */
  platform_id: number | null;
  /** The replay this session belongs to (0051); null is the game's first play. */
  play_id: number | null;
}
