import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { LocalWindows, type SharedTally, type TallyEntry } from './shared-tally.js';

/** How often an instance adds its counts to the shared ones and learns the totals. */
export const TALLY_FLUSH_MS = 1000;
/** Keys sent in one statement at most. */
const KEYS_PER_STATEMENT = 500;

/**
 * The tally of instances sharing one PostgreSQL, in the rate_limits table
 * the other limits use (counters.db.ts prunes its ended windows): every
 * second, one upsert adds what each key was used here since the last one
 * and answers the totals, which replace this instance's idea of them. The
 * window is the shared row's: the first instance to count a key starts it.
 */
export function databaseTally(db: Db, { now = Date.now, flushMs = TALLY_FLUSH_MS, log }: { now?: () => number; flushMs?: number; log?: (err: unknown) => void } = {}): SharedTally {
  const windows = new LocalWindows(now);
  let flushing: Promise<void> | undefined;

  const send = async (batch: [string, TallyEntry, number][]) => {
    const at = now();
    const rows = batch.map(([key, entry, sent]) => ({ key, window_start: at, expires_at: at + entry.windowMs, count: sent }));
    const ended = sql<boolean>`rate_limits.expires_at <= ${at}`;
    const totals = await db.kysely
      .insertInto('rate_limits')
      .values(rows)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${ended} then excluded.count else rate_limits.count + excluded.count end`,
          window_start: sql<number>`case when ${ended} then excluded.window_start else rate_limits.window_start end`,
          expires_at: sql<number>`case when ${ended} then excluded.expires_at else rate_limits.expires_at end`,
        }),
      )
      .returning(['key', 'count', 'expires_at'])
      .execute();
    for (const row of totals) {
      const entry = windows.entries.get(row.key);
      if (!entry) continue;
      // Uses counted here while the statement ran are still pending; the total has the sent ones.
      entry.count = Number(row.count) + entry.pending;
      entry.resetAt = Number(row.expires_at);
    }
  };

  const flushNow = async () => {
    const batch: [string, TallyEntry, number][] = [];
    for (const [key, entry] of windows.entries) {
      if (entry.pending === 0) continue;
      batch.push([key, entry, entry.pending]);
      entry.pending = 0;
    }
    for (let i = 0; i < batch.length; i += KEYS_PER_STATEMENT) {
      const part = batch.slice(i, i + KEYS_PER_STATEMENT);
      try {
        await send(part);
      } catch (err) {
        // The database is away or slow: keep the uses to send next time, and keep counting here meanwhile.
        for (const [, entry, sent] of part) entry.pending += sent;
        log?.(err);
      }
    }
    windows.sweep(now());
  };

  const flush = () => (flushing ??= flushNow().finally(() => (flushing = undefined)));
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    count: (key, windowMs) => windows.count(key, windowMs),
    flush,
    close() {
      clearInterval(timer);
    },
  };
}
