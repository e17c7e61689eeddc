import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Federation (issue 40): finished plays and public lists published to a
 * member's remote followers, besides their reviews (federation_notes).
 * Expand only: one new table, which the previous release neither reads nor
 * minds.
 *
 * - federation_objects: what was last sent of a play (as a Note) or a list
 *   (as an Article), so an edit sends an Update and a deletion or a change
 *   to private a Delete. `subject_id` is the play's or the list's id and
 *   has no foreign key: the row must outlive its subject until the Delete is
 *   queued. `entry_id` is a play's library entry, so the plays of an entry
 *   deleted with them are still found. object_key names the object
 *   (/ap/notes/play-… or /ap/articles/list-…). Gone with the member.
 * - announced, here and on federation_notes (default 1, so every row the
 *   previous release wrote keeps its meaning): 0 for what the outbox backfill
 *   recorded without sending (it was public before federation was turned
 *   on); its first change is sent as a Create, since no one has it.
 */
export const federationObjectsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('federation_objects')
      .$call(withId(dialect))
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('entry_id', 'integer')
      .addColumn('object_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('digest', 'varchar(64)', (c) => c.notNull())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('announced', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('federation_objects_subject', ['kind', 'subject_id'])
      .execute();
    // The outbox and a member's privacy change read by member; an entry's deletion by entry.
    await db.schema.createIndex('federation_objects_user').on('federation_objects').columns(['user_id', 'published_at']).execute();
    await db.schema.createIndex('federation_objects_entry').on('federation_objects').column('entry_id').execute();
    // 0: recorded by the outbox backfill, never sent; its first change goes out as a Create, not an Update.
    await db.schema.alterTable('federation_notes').addColumn('announced', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('federation_notes').dropColumn('announced').execute();
    await db.schema.dropTable('federation_objects').execute();
  },
});
