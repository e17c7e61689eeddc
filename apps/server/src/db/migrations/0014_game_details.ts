import type { Kysely, Migration } from 'kysely';

/**
 * What a game page shows beyond the catalog's facts (issue 16), from IGDB.
 * All three tables are keyed by IGDB ids, not ours: IGDB sends a game's
 * time to beat, or names a similar game, before or after the game itself
 * arrives, and a row waits harmlessly until it does.
 *
 * - game_details: storyline, the parent of a remake/remaster/port (with the
 *   game's IGDB type, indexed to list a game's versions) and the rest as one
 *   JSON document (screenshots, artworks, modes, perspectives, franchises,
 *   collections, release dates, websites, age ratings, similar games): the
 *   game page reads it whole and nothing filters on its parts.
 * - game_time_to_beat: IGDB's game_time_to_beats (seconds), synced on its
 *   own (IGDB keeps it in its own endpoint, updated apart from the game).
 * - game_external_ids: the game's ids on stores (Steam app ids …), for
 *   imports that name games by those ids.
 */
export const gameDetailsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_details')
      .addColumn('igdb_id', 'integer', (col) => col.primaryKey())
      .addColumn('game_type', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('parent_igdb_id', 'integer')
      .addColumn('storyline', 'text')
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('game_details_parent').on('game_details').columns(['parent_igdb_id']).execute();

    await db.schema
      .createTable('game_time_to_beat')
      .addColumn('igdb_id', 'integer', (col) => col.primaryKey())
      .addColumn('hastily', 'integer')
      .addColumn('normally', 'integer')
      .addColumn('completely', 'integer')
      .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('game_external_ids')
      .addColumn('source', 'varchar(20)', (col) => col.notNull())
      .addColumn('uid', 'varchar(100)', (col) => col.notNull())
      .addColumn('game_igdb_id', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('game_external_ids_pk', ['source', 'uid'])
      .execute();
    await db.schema.createIndex('game_external_ids_game').on('game_external_ids').columns(['game_igdb_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('game_external_ids').execute();
    await db.schema.dropTable('game_time_to_beat').execute();
    await db.schema.dropTable('game_details').execute();
  },
});
