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
