import { sql, type Kysely, type Migration } from 'kysely';

/**
 * IGDB, correct and complete (issue 16):
 *
 * - igdb_token: the one Twitch app token every process (server, CLI) shares
 *   until shortly before it expires. Twitch keeps 25 tokens per app and
 *   revokes older ones, so processes fetching their own would revoke each
 *   other's. lease_owner/lease_until decide, by a conditional update, which
 *   process fetches a new one when it is due; the others wait and re-read.
 * - game_related_items: IGDB records that are not games of their own (DLC,
 *   expansions, bundles, packs, updates, mods, episodes, seasons, editions),
 *   kept for the game page of their parent, by IGDB ids so that a parent
 *   synced later still finds them; game_bundles links a game to the bundles
 *   it is part of (IGDB lists those on the game, not on the bundle).
 * - The sync now asks for game_type: an instance synced before crawls again
 *   from the start (the cursor is reset) to sort its records.
 */
export const igdbSyncMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('igdb_token')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('client_id', 'varchar(100)')
      .addColumn('access_token', 'varchar(200)')
      .addColumn('expires_at', 'bigint')
      .addColumn('lease_owner', 'varchar(60)')
      .addColumn('lease_until', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`insert into igdb_token (id, lease_until, updated_at) values (1, 0, 0)`.execute(db);

    await db.schema
      .createTable('game_related_items')
      .addColumn('igdb_id', 'integer', (col) => col.primaryKey())
      .addColumn('parent_igdb_id', 'integer')
      .addColumn('game_type', 'integer', (col) => col.notNull())
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('name', 'varchar(300)', (col) => col.notNull())
      .addColumn('slug', 'varchar(200)', (col) => col.notNull())
      .addColumn('first_release_date', 'bigint')
      .addColumn('cover_image_id', 'varchar(40)')
      .addColumn('igdb_updated_at', 'bigint')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('game_related_items_parent').on('game_related_items').columns(['parent_igdb_id']).execute();

    await db.schema
      .createTable('game_bundles')
      .addColumn('game_igdb_id', 'integer', (col) => col.notNull())
      .addColumn('bundle_igdb_id', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('game_bundles_pk', ['game_igdb_id', 'bundle_igdb_id'])
      .execute();

    await sql`delete from app_meta where key in ('igdb.full.cursor', 'igdb.full.done')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('game_bundles').execute();
    await db.schema.dropTable('game_related_items').execute();
    await db.schema.dropTable('igdb_token').execute();
  },
});
