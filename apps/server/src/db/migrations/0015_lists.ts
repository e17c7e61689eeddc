import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Members' lists of games (issue 17), and lists as one more thing the social
 * tables point at: a comment is under a review (entry_id) or a list
 * (list_id), never both; likes of a list have their own table like reviews'
 * and comments'; activities and notifications can name a list.
 *
 * SQLite cannot drop a NOT NULL, so comments is rebuilt there the way its
 * documentation prescribes (foreign keys off, copy, drop, rename), keeping
 * ids and the AUTOINCREMENT counter, so likes, feed items and notifications
 * that name comments keep pointing at the same rows.
 */
export const listsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lists')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // Made from the title once and kept (links stay good when the title changes); unique per member.
      .addColumn('slug', 'varchar(100)', (col) => col.notNull())
      .addColumn('title', 'varchar(100)', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('ranked', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('likes_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('comments_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('lists_user_slug').on('lists').columns(['user_id', 'slug']).unique().execute();
    // A member's lists, last changed first.
    await db.schema.createIndex('lists_user_updated').on('lists').columns(['user_id', 'updated_at desc', 'id desc']).execute();
    // Explore: public lists, most liked or newest first (a literal, so SQLite can use the partial index).
    await db.schema.createIndex('lists_popular').on('lists').columns(['likes_count desc', 'id desc']).where(sql.ref('is_public'), '=', sql.lit(1)).execute();
    await db.schema.createIndex('lists_recent').on('lists').columns(['id desc']).where(sql.ref('is_public'), '=', sql.lit(1)).execute();

    await db.schema
      .createTable('list_games')
      .addColumn('list_id', 'integer', (col) => col.notNull().references('lists.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      // Order within the list; gaps are fine (a removal leaves one), a reorder sets 1..n.
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('note', 'text')
      .addColumn('added_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('list_games_pk', ['list_id', 'game_id'])
      .execute();
    await db.schema.createIndex('list_games_order').on('list_games').columns(['list_id', 'position']).execute();
    // The game page's "In N lists"; also keeps deleting a game from scanning the table.
    await db.schema.createIndex('list_games_game').on('list_games').columns(['game_id', 'list_id']).execute();

    await db.schema
      .createTable('list_likes')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('list_id', 'integer', (col) => col.notNull().references('lists.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('list_likes_pk', ['user_id', 'list_id'])
      .execute();
    await db.schema.createIndex('list_likes_list').on('list_likes').column('list_id').execute();

    for (const table of ['activities', 'notifications']) {
      await db.schema
        .alterTable(table)
        .addColumn('list_id', 'integer', (col) => col.references('lists.id').onDelete('cascade'))
        .execute();
      // Deleting a list cascades here: this keeps that from scanning the table.
      await db.schema.createIndex(`${table}_list`).on(table).column('list_id').execute();
    }

    if (dialect === 'postgres') {
      await sql`alter table comments alter column entry_id drop not null`.execute(db);
      await db.schema
        .alterTable('comments')
        .addColumn('list_id', 'integer', (col) => col.references('lists.id').onDelete('cascade'))
        .execute();
      await sql`alter table comments add constraint comments_subject check ((entry_id is null) <> (list_id is null))`.execute(db);
    } else {
      await rebuildSqliteComments(db);
    }
    await db.schema.createIndex('comments_list').on('comments').columns(['list_id', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('comments_list').execute();
    // Comments on lists cannot live in the old table.
    await sql`delete from comments where list_id is not null`.execute(db);
    if (dialect === 'postgres') {
      await sql`alter table comments drop constraint comments_subject`.execute(db);
      await db.schema.alterTable('comments').dropColumn('list_id').execute();
      await sql`alter table comments alter column entry_id set not null`.execute(db);
    } else {
      await rebuildSqliteComments(db, { withLists: false });
    }
    for (const table of ['notifications', 'activities']) {
      await db.schema.dropIndex(`${table}_list`).execute();
      await db.schema.alterTable(table).dropColumn('list_id').execute();
    }
    for (const table of ['list_likes', 'list_games', 'lists']) await db.schema.dropTable(table).execute();
  },
});

/**
 * comments with entry_id nullable and a list_id (or, going down, as 0007
 * made it). Runs outside a transaction on SQLite (Kysely's migrator opens
 * none there), so the foreign-key pragma can be switched for the rebuild.
 */
async function rebuildSqliteComments(db: Kysely<unknown>, { withLists = true } = {}) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'comments'`.execute(db);
    await db.schema
      .createTable('comments_rebuilt')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('entry_id', 'integer', (col) => (withLists ? col : col.notNull()).references('library_entries.id').onDelete('cascade'))
      .$call((t) => (withLists ? t.addColumn('list_id', 'integer', (col) => col.references('lists.id').onDelete('cascade')) : t))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('likes_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .$call((t) => (withLists ? t.addCheckConstraint('comments_subject', sql`(entry_id is null) <> (list_id is null)`) : t))
      .execute();
    const columns = sql.raw(`id, entry_id, ${withLists ? 'list_id, ' : ''}user_id, body, likes_count, created_at, updated_at`);
    const from = sql.raw(`id, entry_id, ${withLists ? 'null, ' : ''}user_id, body, likes_count, created_at, updated_at`);
    await sql`insert into comments_rebuilt (${columns}) select ${from} from comments`.execute(db);
    await sql`drop table comments`.execute(db);
    await sql`alter table comments_rebuilt rename to comments`.execute(db);
    // The counter goes on from where it was, even past ids since deleted.
    const last = Number(seq.rows[0]?.seq ?? 0);
    await sql`delete from sqlite_sequence where name = 'comments'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'comments', max(${last}, coalesce(max(id), 0)) from comments`.execute(db);
    await db.schema.createIndex('comments_entry').on('comments').columns(['entry_id', 'id']).execute();
    await db.schema.createIndex('comments_user').on('comments').columns(['user_id', 'id']).execute();
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`comments rebuild left ${broken.rows.length} broken references`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
