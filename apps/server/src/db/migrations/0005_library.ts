import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * What people track: one library entry per user and game (status, rating,
 * review, dates), the platforms they played it on, and dated diary entries
 * (a replay adds a row, never overwrites one). Likes and comments are
 * counted on the entry so trending reviews need no join; the social feature
 * keeps the counts. Calendar dates are ISO "YYYY-MM-DD" text: a day someone
 * played is not an instant in any time zone.
 */
export const libraryMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('library_entries')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('status', 'integer')
      .addColumn('rating', 'integer')
      .addColumn('review', 'text')
      .addColumn('review_slug', 'varchar(140)')
      .addColumn('review_created_at', 'bigint')
      .addColumn('review_updated_at', 'bigint')
      .addColumn('started_on', 'varchar(10)')
      .addColumn('finished_on', 'varchar(10)')
      .addColumn('favourite_position', 'integer')
      .addColumn('featured_position', 'integer')
      .addColumn('likes_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('comments_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('library_entries_user_game', ['user_id', 'game_id'])
      .addUniqueConstraint('library_entries_user_review_slug', ['user_id', 'review_slug'])
      .execute();
    // A user's library sorted by last change, and their reviews newest first.
    await db.schema.createIndex('library_entries_user_updated').on('library_entries').columns(['user_id', 'updated_at desc']).execute();
    await db.schema.createIndex('library_entries_user_reviewed').on('library_entries').columns(['user_id', 'review_created_at desc']).execute();
    // The game page's community rating, trending reviews, and trending games from recent adds.
    await db.schema.createIndex('library_entries_game_rating').on('library_entries').columns(['game_id', 'rating']).execute();
    await db.schema.createIndex('library_entries_reviewed').on('library_entries').columns(['review_created_at desc']).execute();
    await db.schema.createIndex('library_entries_updated').on('library_entries').columns(['updated_at desc', 'game_id']).execute();
    await db.schema.createIndex('library_entries_featured').on('library_entries').columns(['featured_position']).execute();

    await db.schema
      .createTable('library_entry_platforms')
      .addColumn('entry_id', 'integer', (col) => col.notNull().references('library_entries.id').onDelete('cascade'))
      .addColumn('platform_id', 'integer', (col) => col.notNull().references('platforms.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('library_entry_platforms_pk', ['entry_id', 'platform_id'])
      .execute();

    await db.schema
      .createTable('diary_entries')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('entry_id', 'integer', (col) => col.notNull().references('library_entries.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('played_on', 'varchar(10)', (col) => col.notNull())
      // started | finished | played
      .addColumn('event', 'varchar(10)', (col) => col.notNull())
      .addColumn('rating', 'integer')
      .addColumn('note', 'text')
      .addColumn('replay', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('minutes_played', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('diary_entries_user_played').on('diary_entries').columns(['user_id', 'played_on desc', 'id desc']).execute();
    await db.schema.createIndex('diary_entries_entry').on('diary_entries').columns(['entry_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('diary_entries').execute();
    await db.schema.dropTable('library_entry_platforms').execute();
    await db.schema.dropTable('library_entries').execute();
  },
});
