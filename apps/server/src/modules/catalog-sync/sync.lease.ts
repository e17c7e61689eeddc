import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The right to run a catalog source's sync (IGDB, Wikidata), one process at
 * a time across the server, the CLI and other instances on the same
 * database: a row of app_meta (one key per source) whose
 * value is the holder and whose updated_at is when the lease ends (unix ms).
 * Taken and renewed by conditional UPDATEs, as the Twitch token's lease is
 * (igdb.token.ts), so two processes can never both see it free. A process
 * that dies keeps it only until it expires; the holder renews it while it runs.
 */

export interface SyncLease {
  /** True when `owner` now holds the lease, until `until`. */
  take(owner: string, until: number, now: number): Promise<boolean>;
  /** Extends the lease; false when the owner no longer holds it (it expired and another process took it). */
  renew(owner: string, until: number): Promise<boolean>;
  release(owner: string): Promise<void>;
  /** The holder, or undefined when the lease is free at `now`. */
  holder(now: number): Promise<{ owner: string; until: number } | undefined>;
}

export function syncLease(db: Db, key: string): SyncLease {
  const k = db.kysely;
  const lease = () => k.updateTable('app_meta').where('key', '=', key);
  return {
    async take(owner, until, now) {
      await k.insertInto('app_meta').values({ key, value: '', updated_at: 0 }).onConflict((oc) => oc.column('key').doNothing()).execute();
      // One statement: of two processes, only one matches the expired lease.
      const result = await lease().set({ value: owner, updated_at: until }).where('updated_at', '<', now).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async renew(owner, until) {
      const result = await lease().set({ updated_at: until }).where('value', '=', owner).where('updated_at', '>', 0).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async release(owner) {
      await lease().set({ updated_at: 0 }).where('value', '=', owner).execute();
    },
    async holder(now) {
      const row = await k.selectFrom('app_meta').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst();
      const until = Number(row?.updated_at ?? 0);
      return row && row.value && until >= now ? { owner: row.value, until } : undefined;
    },
  };
}

/** A where-clause for writes that only the lease's holder may make (the running sync's progress). */
export const holdsLease = (owner: string, key: string) =>
  sql<boolean>`exists (select 1 from app_meta as lease where lease.key = ${key} and lease.value = ${owner} and lease.updated_at > 0)`;

/** A name for this process's lease: its pid and a random tag (two runs in one process differ too). */
export const leaseOwner = () => `${process.pid}-${randomBytes(6).toString('hex')}`;
