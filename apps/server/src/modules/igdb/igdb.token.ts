import type { Db } from '../../db/database.js';

/** A Twitch app access token for one client id. */
export interface StoredToken {
  clientId: string;
  value: string;
  /** Unix ms. */
  expiresAt: number;
}

/**
 * Where the IGDB token lives so that every process uses the same one.
 * tryLease/release decide which process fetches a new token when one is
 * due: the first to take the lease; the others wait and read what it stored.
 */
export interface TokenStore {
  read(): Promise<StoredToken | undefined>;
  save(token: StoredToken): Promise<void>;
  /** True when this owner now holds the lease (until `until`, unix ms). */
  tryLease(owner: string, until: number, now: number): Promise<boolean>;
  release(owner: string): Promise<void>;
}

/** The token in the database (table igdb_token, one row): shared by the server, the CLI and restarts. */
export function dbTokenStore(db: Db): TokenStore {
  const k = db.kysely;
  return {
    async read() {
      const row = await k.selectFrom('igdb_token').select(['client_id', 'access_token', 'expires_at']).where('id', '=', 1).executeTakeFirst();
      if (!row?.client_id || !row.access_token || row.expires_at === null) return undefined;
      return { clientId: row.client_id, value: row.access_token, expiresAt: Number(row.expires_at) };
    },
    async save(token) {
      await k
        .updateTable('igdb_token')
        .set({ client_id: token.clientId, access_token: token.value, expires_at: token.expiresAt, updated_at: Date.now() })
        .where('id', '=', 1)
        .execute();
    },
    async tryLease(owner, until, now) {
      // One statement, so two processes cannot both see the lease free.
      const result = await k
        .updateTable('igdb_token')
        .set({ lease_owner: owner, lease_until: until })
        .where('id', '=', 1)
        .where('lease_until', '<', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async release(owner) {
      await k.updateTable('igdb_token').set({ lease_until: 0 }).where('id', '=', 1).where('lease_owner', '=', owner).execute();
    },
  };
}

/** A token kept in this process only (for tools that have no database). */
export function memoryTokenStore(): TokenStore {
  let token: StoredToken | undefined;
  let lease: { owner: string; until: number } | undefined;
  return {
    read: async () => token,
    save: async (t) => {
      token = t;
    },
    tryLease: async (owner, until, now) => {
      if (lease && lease.until >= now) return false;
      lease = { owner, until };
      return true;
    },
    release: async (owner) => {
      if (lease?.owner === owner) lease = undefined;
    },
  };
}

export { leaseOwner } from '../catalog-sync/sync.lease.js';
