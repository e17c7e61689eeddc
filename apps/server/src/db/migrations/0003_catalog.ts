import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * The game catalog. Every row has our own id and, when it came from IGDB,
 * a unique igdb_id, so a sync updates rows in place and links stay stable.
 * game_platforms copies each game's popularity and year so that browsing a
 * platform sorted by popularity is one covering-index walk (MACHINE-NOTES).
 */
export const catalogMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const named = (table: string) =>
      db.schema
        .createTable(table)
        .$call(withId(dialect))
        .addColumn('igdb_id', 'integer', (col) => col.unique())
        .addColumn('slug', 'varchar(120)', (col) => col.notNull().unique())
        .addColumn('name', 'varchar(200)', (col) => col.notNull());

    await named('platforms')
      .addColumn('abbreviation', 'varchar(40)')
      .addColumn('alternative_name', 'varchar(200)')
      .addColumn('category', 'varchar(40)')
      .addColumn('generation', 'integer')
      .addColumn('family', 'varchar(60)')
      .addColumn('summary', 'text')
      .addColumn('feat', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('games_count', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await named('genres').execute();
    await named('themes').execute();
    await named('companies').execute();

    await named('games')
      .addColumn('summary', 'text')
      .addColumn('cover_image_id', 'varchar(40)')
      .addColumn('first_release_date', 'bigint')
      .addColumn('release_year', 'integer')
      .addColumn('rating', 'real')
      .addColumn('rating_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('popularity', 'real', (col) => col.notNull().defaultTo(0))
      .addColumn('source', 'varchar(20)', (col) => col.notNull())
      .addColumn('igdb_updated_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .$call((t) => (dialect === 'postgres' ? t.addColumn('search_vector', sql`tsvector`) : t))
      .execute();
    await db.schema.createIndex('games_popularity').on('games').columns(['popularity desc', 'id']).execute();
    await db.schema.createIndex('games_release').on('games').columns(['first_release_date', 'id']).execute();
    await db.schema.createIndex('games_year_popularity').on('games').columns(['release_year', 'popularity desc', 'id']).execute();
    await db.schema.createIndex('games_name').on('games').columns(['name', 'id']).execute();

    await db.schema
      .createTable('game_platforms')
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('platform_id', 'integer', (col) => col.notNull().references('platforms.id').onDelete('cascade'))
      .addColumn('popularity', 'real', (col) => col.notNull().defaultTo(0))
      .addColumn('release_year', 'integer')
      .addPrimaryKeyConstraint('game_platforms_pk', ['game_id', 'platform_id'])
      .execute();
    await db.schema
      .createIndex('game_platforms_browse')
      .on('game_platforms')
      .columns(['platform_id', 'popularity desc', 'game_id', 'release_year'])
      .execute();
    await db.schema.createIndex('game_platforms_year').on('game_platforms').columns(['platform_id', 'release_year', 'game_id']).execute();

    for (const [table, ref] of [
      ['game_genres', 'genre_id'],
      ['game_themes', 'theme_id'],
    ] as const) {
      const target = ref === 'genre_id' ? 'genres' : 'themes';
      await db.schema
        .createTable(table)
        .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
        .addColumn(ref, 'integer', (col) => col.notNull().references(`${target}.id`).onDelete('cascade'))
        .addPrimaryKeyConstraint(`${table}_pk`, ['game_id', ref])
        .execute();
      await db.schema.createIndex(`${table}_by_${ref}`).on(table).columns([ref, 'game_id']).execute();
    }

    await db.schema
      .createTable('game_companies')
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('role', 'varchar(20)', (col) => col.notNull())
      .addPrimaryKeyConstraint('game_companies_pk', ['game_id', 'company_id', 'role'])
      .execute();
    await db.schema.createIndex('game_companies_by_company').on('game_companies').columns(['company_id', 'game_id']).execute();

    await db.schema
      .createTable('alternative_names')
      .$call(withId(dialect))
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('name', 'varchar(300)', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('alternative_names_game').on('alternative_names').columns(['game_id']).execute();

    await named('selections')
      .addColumn('description', 'text')
      .addColumn('image', 'varchar(200)')
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('selection_games')
      .addColumn('selection_id', 'integer', (col) => col.notNull().references('selections.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('selection_games_pk', ['selection_id', 'game_id'])
      .execute();

    if (dialect === 'sqlite') {
      // rowid = games.id; names and alternative names, case and accents folded.
      await sql`create virtual table games_fts using fts5(name, alt_names, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    } else {
      await sql`create extension if not exists unaccent`.execute(db);
      await sql`create text search configuration vgl_search (copy = simple)`.execute(db);
      await sql`alter text search configuration vgl_search alter mapping for hword, hword_part, word with unaccent, simple`.execute(db);
      await sql`create index games_search on games using gin (search_vector)`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'selection_games', 'selections', 'alternative_names', 'game_companies', 'game_themes', 'game_genres',
      'game_platforms', 'games', 'companies', 'themes', 'genres', 'platforms',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    if (dialect === 'sqlite') await sql`drop table if exists games_fts`.execute(db);
    else await sql`drop text search configuration if exists vgl_search`.execute(db);
  },
});
