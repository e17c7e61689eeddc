import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Games members add when the catalog lacks them ("Add this game"). Each
 * submission made a real games row (source 'member') so that libraries,
 * ratings, reviews, diaries and lists work on it at once; the row here says
 * what the member sent and what a moderator decided.
 *
 * - state: pending → approved | rejected | merged (approved → merged too).
 *   A game whose submission is pending or rejected is unlisted: only its
 *   submitter and moderators see it (catalog/catalog.visibility.ts). The
 *   partial index holds exactly those games, so the "not unlisted" check of
 *   every catalog list reads a handful of rows.
 * - game_id: set null once the game is merged into another (merged_into_game_id).
 * - user_id and decided_by: set null when the account is deleted, so the
 *   submission, and with it its game's being unlisted, never goes with them.
 * - name_key: the title as the catalog merges titles (mergeKey), for the
 *   duplicate check and the sync's merge.
 * - platforms: JSON array of platform slugs, as sent.
 *
 * notifications.submission_id names the submission a moderator's decision
 * (or a sync's merge) is about. No foreign key: submissions are never
 * deleted, and SQLite could not drop a column that has one.
 */
export const gameSubmissionsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_submissions')
      .$call(withId(dialect))
      .addColumn('game_id', 'integer', (col) => col.references('games.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('name_key', 'varchar(200)', (col) => col.notNull())
      .addColumn('year', 'integer')
      .addColumn('platforms', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('url', 'varchar(500)')
      .addColumn('state', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))
      .addColumn('reason', 'text')
      .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('decided_at', 'bigint')
      .addColumn('merged_into_game_id', 'integer', (col) => col.references('games.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // The games no one but their submitter and moderators sees (literals, so SQLite uses the partial index).
    await db.schema
      .createIndex('game_submissions_unlisted')
      .on('game_submissions')
      .column('game_id')
      .where(sql.ref('state'), 'in', [sql.lit('pending'), sql.lit('rejected')])
      .where(sql.ref('game_id'), 'is not', null)
      .execute();
    await db.schema.createIndex('game_submissions_game').on('game_submissions').column('game_id').execute();
    // The dashboard's queue, a member's count of the day, the duplicate check and the sync's merge.
    await db.schema.createIndex('game_submissions_state').on('game_submissions').columns(['state', 'created_at desc', 'id desc']).execute();
    await db.schema.createIndex('game_submissions_user').on('game_submissions').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('game_submissions_name_key').on('game_submissions').columns(['name_key', 'state']).execute();
    // Deleting a user or a game sets these null: indexed, so that is no scan.
    await db.schema.createIndex('game_submissions_decided_by').on('game_submissions').column('decided_by').where(sql.ref('decided_by'), 'is not', null).execute();
    await db.schema
      .createIndex('game_submissions_merged_into')
      .on('game_submissions')
      .column('merged_into_game_id')
      .where(sql.ref('merged_into_game_id'), 'is not', null)
      .execute();

    await db.schema
      .alterTable('notifications')
      .addColumn('submission_id', 'integer')
      .execute();
    await db.schema.createIndex('notifications_submission').on('notifications').column('submission_id').where(sql.ref('submission_id'), 'is not', null).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('notifications_submission').execute();
    await db.schema.alterTable('notifications').dropColumn('submission_id').execute();
    await db.schema.dropTable('game_submissions').execute();
  },
});
