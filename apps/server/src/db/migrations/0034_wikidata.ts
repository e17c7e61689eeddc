import type { Kysely, Migration } from 'kysely';

/**
 * The Wikidata catalog source (issue 33).
 *
 * - wikidata_items: every Wikidata item the sync has read (games, and their
 *   expansions, DLC, mods and compilations), with the catalog game it fills
 *   (null for a related item, or once its game is gone), the item's
 *   schema:dateModified (an item whose date has not moved is not read
 *   again), its sitelinks (popularity), and what the game page shows beyond
 *   the catalog's columns (releases per platform, series, links) as JSON.
 *   A game is never re-pointed to another item silently: the link is made
 *   once, when the item is first seen.
 * - wikidata_entities: English labels of the items games point at
 *   (platforms, genres, companies, series), read once and kept.
 * - game_store_ids: a catalog game's ids on stores and databases (Steam,
 *   GOG, MobyGames) keyed by our game id, for games with no IGDB id (IGDB's
 *   own ids stay in game_external_ids, keyed by IGDB id).
 */
export const wikidataMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wikidata_items')
      .addColumn('qid', 'varchar(20)', (col) => col.primaryKey())
      .addColumn('game_id', 'integer', (col) => col.references('games.id').onDelete('set null'))
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('parent_qid', 'varchar(20)')
      .addColumn('name', 'varchar(300)', (col) => col.notNull())
      .addColumn('first_release_date', 'bigint')
      .addColumn('modified', 'bigint', (col) => col.notNull())
      .addColumn('sitelinks', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('wikidata_items_game').on('wikidata_items').columns(['game_id']).where('game_id', 'is not', null).execute();
    await db.schema.createIndex('wikidata_items_parent').on('wikidata_items').columns(['parent_qid']).where('parent_qid', 'is not', null).execute();

    await db.schema
      .createTable('wikidata_entities')
      .addColumn('qid', 'varchar(20)', (col) => col.primaryKey())
      .addColumn('label', 'varchar(300)', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('game_store_ids')
      .addColumn('source', 'varchar(20)', (col) => col.notNull())
      .addColumn('uid', 'varchar(100)', (col) => col.notNull())
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('game_store_ids_pk', ['source', 'uid'])
      .execute();
    await db.schema.createIndex('game_store_ids_game').on('game_store_ids').columns(['game_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('game_store_ids').execute();
    await db.schema.dropTable('wikidata_entities').execute();
    await db.schema.dropTable('wikidata_items').execute();
  },
});
