import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LimitCounters, LimitWindow } from './counters.js';

/** How often expired windows are deleted; a stale row is harmless meanwhile (its next use starts a new window). */
const PRUNE_EVERY_MS = 60_000;

/**
 * Limit counters in the rate_limits table, for instances sharing one
 * PostgreSQL: one atomic upsert per use, so two instances counting the same
 * key at once never both see room that is not there. Only limited requests
 * (sign-in, resets, social writes, …) pay the round trip; reads are never limited.
 */
export function databaseCounters(db: Db, now: () => number = Date.now): LimitCounters {
  const k = db.kysely;
  const prune = setInterval(() => {
    void k.deleteFrom('rate_limits').where('expires_at', '<=', now()).execute().catch(() => undefined);
  }, PRUNE_EVERY_MS);
  prune.unref();

  return {
    async hit(key, windowMs) {
      const at = now();
      const resetAt = at + windowMs;
      // A window that has ended restarts with this use; a live one counts it.
      const ended = sql<boolean>`rate_limits.expires_at <= ${at}`;
      const row = await k
        .insertInto('rate_limits')
        .values({ key, window_start: at, expires_at: resetAt, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${ended} then 1 else rate_limits.count + 1 end`,
            window_start: sql<number>`case when ${ended} then ${at} else rate_limits.window_start end`,
            expires_at: sql<number>`case when ${ended} then ${resetAt} else rate_limits.expires_at end`,
          }),
        )
        .returning(['count', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.expires_at) };
    },
    async peek(key): Promise<LimitWindow | undefined> {
      const row = await k.selectFrom('rate_limits').select(['count', 'expires_at']).where('key', '=', key).where('expires_at', '>', now()).executeTakeFirst();
      return row ? { count: Number(row.count), resetAt: Number(row.expires_at) } : undefined;
    },
    async reset(key) {
      await k.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    close() {
      clearInterval(prune);
    },
  };
}
