import type { Kysely, Migration } from 'kysely';

/**
 * What other trackers hold that a review is not: a private note on a game
 * (HowLongToBeat's notes, a storefront, Grouvee's status texts) and the
 * time played as another service counts it (Steam's playtime, Playnite's).
 * Imports fill them, the owner edits the note; neither is shown to others.
 */
export const entryNotesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('library_entries').addColumn('notes', 'text').execute();
    await db.schema.alterTable('library_entries').addColumn('playtime_minutes', 'integer').execute();
    await db.schema.alterTable('library_entries').addColumn('playtime_source', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('library_entries').dropColumn('playtime_source').execute();
    await db.schema.alterTable('library_entries').dropColumn('playtime_minutes').execute();
    await db.schema.alterTable('library_entries').dropColumn('notes').execute();
  },
});
