import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { IdempotencyKeysTable } from './idempotency.tables.js';

/** How long an answer is kept for a repeat (the IETF httpapi draft leaves it to the server; 24 h covers a day offline). */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** A claim still without an answer after this long lost its request (a crash, a process stopped): the key is free again. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;

export interface KeyRef {
  userId: number;
  key: string;
}

export interface StoredAnswer {
  statusCode: number;
  body: string | null;
  contentType: string | null;
}

export type Claim = { claimed: true } | { claimed: false; row: Pick<IdempotencyKeysTable, 'fingerprint' | 'status_code' | 'response_body' | 'content_type'> };

type Db = Kysely<Database>;


export const idempotencyRepo = {
  /**
   * Claims the key for this request: an insert that the primary key lets
   * only one of two at once make (never a read then a write). A row that
   * expired, or a claim that lost its request, is cleared first.
   */
  async claim(db: Db, ref: KeyRef, fingerprint: string, now: number): Promise<Claim> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', ref.userId)
        .where('idempotency_key', '=', ref.key)
        .where((eb) => eb.or([eb('created_at', '<', now - KEEP_MS), eb.and([eb('status_code', 'is', null), eb('created_at', '<', now - STALE_CLAIM_MS)])]))
        .execute();
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ user_id: ref.userId, idempotency_key: ref.key, fingerprint, status_code: null, response_body: null, content_type: null, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .returning('user_id')
        .execute();
      if (inserted.length > 0) return { claimed: true };
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['fingerprint', 'status_code', 'response_body', 'content_type'])
        .where('user_id', '=', ref.userId)
        .where('idempotency_key', '=', ref.key)
        .executeTakeFirst();
      // Gone between the two (its first request failed and released it): claim again.
      if (row) return { claimed: false, row };
    }
    throw new Error('idempotency: the key could be neither claimed nor read');
  },

  /** Keeps the first request's answer for the repeats. */
  async finish(db: Db, ref: KeyRef, answer: StoredAnswer): Promise<void> {
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: answer.statusCode, response_body: answer.body, content_type: answer.contentType })
      .where('user_id', '=', ref.userId)
      .where('idempotency_key', '=', ref.key)
      .where('status_code', 'is', null)
      .execute();
  },

  /** Frees the key of a request whose answer says "try again" (5xx, 429): the repeat runs. */
  async release(db: Db, ref: KeyRef): Promise<void> {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', ref.userId).where('idempotency_key', '=', ref.key).where('status_code', 'is', null).execute();
  },

  /** Deletes the answers older than KEEP_MS (by created_at's index). */
  async prune(db: Db, now: number): Promise<number> {
    const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', now - KEEP_MS).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
