import type { Db } from '../../db/database.js';
import type { WikidataConfig } from '../../config.js';
import { startCatalogSync, type StartSyncOptions, type StartedSync } from '../catalog-sync/sync.run.js';
import { syncKeysOf, syncStatus } from '../catalog-sync/sync.status.js';
import { WikidataClient, type WikidataClientOptions } from './wikidata.client.js';
import { syncFromWikidata, WIKIDATA_KEYS, type WikidataReport, type WikidataSyncOptions } from './wikidata.sync.js';

/** Where the Wikidata sync keeps its lease and state ("wikidata.sync.*"), apart from IGDB's: the two may run side by side. */
export const WIKIDATA_SYNC_KEYS = syncKeysOf('wikidata', WIKIDATA_KEYS.fullDone);

export const wikidataSyncStatus = (db: Db) => syncStatus(db, WIKIDATA_SYNC_KEYS);

export const wikidataClient = (config: WikidataConfig, options: Partial<WikidataClientOptions> = {}) =>
  new WikidataClient({ sparqlUrl: config.sparqlUrl, userAgent: config.userAgent, ...options });

export interface StartWikidataOptions extends StartSyncOptions {
  sync?: WikidataSyncOptions;
}

/** Starts a Wikidata sync if none runs anywhere (SyncBusyError otherwise); see syncFromWikidata. */
export function startWikidataSync(db: Db, client: WikidataClient, options: StartWikidataOptions): Promise<StartedSync<WikidataReport>> {
  return startCatalogSync(db, { keys: WIKIDATA_SYNC_KEYS, sync: (ctx) => syncFromWikidata(db, client, ctx, options.sync) }, options);
}
