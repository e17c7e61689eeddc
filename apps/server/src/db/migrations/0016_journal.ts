import type { Kysely, Migration } from 'kysely';

/**
 * Backlog, wishlist and the play journal (issue 17).
 *
 * - library_entries.owned: whether the member has the game (1), doesn't
 *   have it yet (0) or didn't say (null). A "want to play" game (status 4)
 *   is on the wishlist when 0, else in the backlog; every entry that
 *   predates this column is "not said", i.e. its want-to-play games stay
 *   in the backlog, as "want to play" meant before.
 * - diary_entries.platform_id: the platform a session was played on; a
 *   platform leaving the catalog leaves the session without one.
 * - diary_entries_user_game: a member's sessions of one game by date, for
 *   the journal's per-game limit and for stats per game; the existing
 *   diary_entries_user_played (user_id, played_on, id) serves them by date.
 */
export const journalMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('library_entries').addColumn('owned', 'integer').execute();
    await db.schema
      .alterTable('diary_entries')
      .addColumn('platform_id', 'integer', (col) => col.references('platforms.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('diary_entries_user_game').on('diary_entries').columns(['user_id', 'game_id', 'played_on']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('diary_entries_user_game').execute();
    await db.schema.alterTable('diary_entries').dropColumn('platform_id').execute();
    await db.schema.alterTable('library_entries').dropColumn('owned').execute();
  },
});
