import type { Kysely, Migration } from 'kysely';

/**
 * A game's former slugs (issue 35): when a catalog refresh or a merge folds
 * one game into another ("shanghai-1987" into "shanghai", a regional title
 * into its game, a member's submission into the synced game), the old
 * address keeps working with a 301 to the game it is now part of. A slug a
 * live game holds is never redirected: games are looked up first.
 */
export const gameSlugHistoryMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_slug_history')
      .addColumn('slug', 'varchar(200)', (col) => col.primaryKey())
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('moved_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('game_slug_history_game').on('game_slug_history').column('game_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('game_slug_history').execute();
  },
});
