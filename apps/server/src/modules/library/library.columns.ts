import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A connection or a transaction: every repo function takes either. */
export type Conn = Kysely<Database> | Transaction<Database>;

/** What presentEntryGame reads of the game, from a join of `games as g`. */
export const entryGameColumns = [
  'g.name as game_name',
  'g.slug as game_slug',
  'g.cover_image_id as game_cover',
  'g.first_release_date as game_release_date',
  'g.release_year as game_release_year',
] as const;

/** The columns every entry presenter needs: the entry, its author and its game. */
export function entryRows(db: Conn) {
  return db
    .selectFrom('library_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .select([
      'e.id',
      'e.user_id',
      'e.game_id',
      'e.status',
      'e.rating',
      'e.review',
      'e.review_slug',
      'e.review_created_at',
      'e.review_updated_at',
      'e.review_spoilers',
      'e.hidden_at',
      'e.review_visibility',
      'e.started_on',
      'e.finished_on',
      'e.favourite_position',
      'e.featured_position',
      'e.owned',
      'e.likes_count',
      'e.comments_count',
      'e.created_at',
      'e.updated_at',
      'u.username',
      'u.avatar',
      ...entryGameColumns,
    ]);
}
export type EntryQuery = ReturnType<typeof entryRows>;


/** Reviews other people may see: written, by an account in good standing, not hidden by a moderator (reports). */
export const visibleReviews = (q: EntryQuery) => q.where('e.review', 'is not', null).where('u.state', '=', 'active').where('e.hidden_at', 'is', null);
/** Reviews shown to anyone outside their author's page (a game's, the home page's): private members' stay on their profile (audience module). */
export const publicReviews = (q: EntryQuery) => visibleReviews(q).where('u.is_private', '=', 0).where('e.review_visibility', '=', 'public');
/**
 * A member's reviews as one viewer may read them: 'public' and the two levels
 * given (audience.policy reviewLevels: the author passes followers and private,
 * a follower followers twice, anyone else public twice).
 */
export const reviewsAt = (q: EntryQuery, levels: ReviewLevels) =>
  q.where((eb) => eb.or([eb('e.review_visibility', '=', 'public'), eb('e.review_visibility', '=', levels.a), eb('e.review_visibility', '=', levels.b)]));
export interface ReviewLevels {
  a: 'public' | 'followers' | 'private';
  b: 'public' | 'followers' | 'private';
}
