import { type Kysely, type Migration } from 'kysely';

/**
 * Idempotency-Key for members' writes (issue 37: the app sends what was
 * logged offline, and a retry after a lost answer must not write twice).
 *
 * - idempotency_keys: one row per member and key, claimed by an insert
 *   before the write runs (the primary key decides between two at once),
 *   with the answer kept for 24 h to replay.
 * - created_at is indexed for the pruning of expired rows.
 */
export const idempotencyKeysMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('content_type', 'varchar(255)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
});
