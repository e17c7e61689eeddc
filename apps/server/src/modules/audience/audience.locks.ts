import type { Db } from '../../db/database.js';
import { lockMember } from '../../db/concurrency.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Locks two members' rows, lowest id first (PostgreSQL; SQLite writes one
 * transaction at a time). Follows, follow requests and blocks between the
 * same two members take it first, so "A follows B" and "B blocks A" at once
 * run one after the other: the follow sees the block, or the block removes
 * the follow. Never a follow across a block, and counts move once.
 */
export async function lockPair(db: Pick<Db, 'dialect'>, trx: Transaction<Database>, a: number, b: number): Promise<void> {
  for (const id of a < b ? [a, b] : [b, a]) await lockMember(db, trx, id);
}
