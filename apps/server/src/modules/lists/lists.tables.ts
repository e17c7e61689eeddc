import type { Generated } from 'kysely';

/** Lists and their games (0015). Part of the Database interface in db/schema.ts. */

/** A member's list of games (0015). */
export interface ListsTable {
  id: Generated<number>;
  user_id: number;
  /** Unique per member; made from the title once and kept. */
  slug: string;
  title: string;
  description: string | null;
  /** 1 when the games are shown numbered. */
  ranked: Generated<number>;
  /** 0 for a private list, seen by its owner only. */
  is_public: Generated<number>;
  /** 1 (with is_public 0): the owner's approved followers see it too (0041, audience module). */
  followers_only: Generated<number>;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Set when a moderator hid it after a report (0042): seen by its author and moderators only. */
  hidden_at: number | null;
  hidden_by: number | null;
}

export interface ListGamesTable {
  list_id: number;
  game_id: number;
  /** Order in the list; may have gaps. */
  position: number;
  note: string | null;
  added_at: number;
}
