import type { Db } from '../../db/database.js';
import { startCatalogSync, type StartSyncOptions, type StartedSync } from '../catalog-sync/sync.run.js';
import { syncKeysOf, syncStatus } from '../catalog-sync/sync.status.js';
import type { IgdbClient } from './igdb.client.js';
import { observedClient } from './igdb.progress.js';
import { SYNC_KEYS, syncFromIgdb, type SyncReport } from './igdb.sync.js';

export { describeRun, SyncBusyError, SyncStoppedError } from '../catalog-sync/sync.run.js';

/** Where the IGDB sync keeps its lease and state (the keys predate Wikidata: "igdb.sync.*"). */
export const IGDB_SYNC_KEYS = syncKeysOf('igdb', SYNC_KEYS.fullDone);
export const SYNC_LEASE_KEY = IGDB_SYNC_KEYS.lease;

export const igdbSyncStatus = (db: Db) => syncStatus(db, IGDB_SYNC_KEYS);

/**
 * Starts an IGDB sync if none runs anywhere (SyncBusyError otherwise). Every
 * IGDB query is watched: pages of games are counted for the Catalog page, and
 * a run that must stop stops at its next query.
 */
export function startIgdbSync(db: Db, client: IgdbClient, options: StartSyncOptions): Promise<StartedSync<SyncReport>> {
  return startCatalogSync(
    db,
    {
      keys: IGDB_SYNC_KEYS,
      sync: (ctx) =>
        syncFromIgdb(db, observedClient(client, { beforeQuery: ctx.checkpoint, onGamesPage: ctx.onPage }), { restart: ctx.restart, onProgress: ctx.onProgress }),
    },
    options,
  );
}
