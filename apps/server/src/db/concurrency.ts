import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * Serialising check-then-write transactions. On SQLite there is nothing to
 * do: Kysely runs every statement of the process on one connection and holds
 * it for a whole transaction, so transactions never interleave. On
 * PostgreSQL (READ COMMITTED) two transactions can both read "not there yet"
 * and both write; taking one of these locks first makes the second wait for
 * the first to commit, and each of its later statements then sees what the
 * first wrote.
 */

type Trx = Transaction<Database>;

/**
 * Locks the member's row until the transaction ends: everything that reads
 * and then writes one member's library (entries, favourites, review slugs,
 * diary), their access tokens, etc. takes it first. FOR NO KEY UPDATE, so
 * other people's rows that merely reference the member (a like, a
 * notification, a follow) are not held up.
 */
export async function lockMember(db: Pick<Db, 'dialect'>, trx: Trx, userId: number): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** Instance-wide transaction locks (keys of pg_advisory_xact_lock). */
const GLOBAL_LOCKS = {
  /** The featured reviews' set and order. */
  featured: 0x56_47_4c_01,
  /** Who is an admin: the last one never goes. */
  admins: 0x56_47_4c_02,
} as const;

export async function lockGlobal(db: Pick<Db, 'dialect'>, trx: Trx, name: keyof typeof GLOBAL_LOCKS): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${sql.lit(GLOBAL_LOCKS[name])})`.execute(trx);
}

/** A unique index or primary key refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
