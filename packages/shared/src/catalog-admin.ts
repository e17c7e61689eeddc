/**
 * The dashboard's Catalog page (admins): where the catalog comes from, what
 * it holds, and the IGDB sync — the one running (from any process: the
 * server's schedule, the CLI, another instance, "Sync now"), the last one
 * finished, the last error and the next scheduled run.
 */

export type CatalogSyncMode = 'full' | 'incremental';
/** What started a sync: the server's schedule, `npm run vgl -- catalog:sync`, or an admin's "Sync now". */
export type CatalogSyncTrigger = 'schedule' | 'cli' | 'admin';

/** The texts of the sync's refusals, shared so the CLI, the API and the page say the same. */
export const CATALOG_SYNC_MESSAGES = {
  notConfigured: 'IGDB is not configured: set IGDB_CLIENT_ID and IGDB_CLIENT_SECRET (a Twitch application).',
  wikidataOff: 'The Wikidata sync is off on this server (WIKIDATA_SYNC=off).',
  running: 'A catalog sync is already running; wait for it to finish.',
} as const;

/** A sync's outcome (the server's SyncReport for IGDB, WikidataReport for Wikidata). */
export interface CatalogSyncReport {
  mode: CatalogSyncMode;
  /** Catalog games saved. */
  games: number;
  /** DLC, bundles, editions… saved as related items of their parent game. */
  related: number;
  /** Covers refreshed because IGDB replaced them. */
  covers: number;
  /** Pages of games fetched. */
  pages: number;
  /** The IGDB id a full crawl resumed after (0 for a fresh start). */
  resumedFrom: number;
  /** Wikidata: games new to the catalog. */
  added?: number;
  /** Wikidata: games already in the catalog that it completed. */
  enriched?: number;
  /** Wikidata: games gone from Wikidata (and from every library), removed. */
  removed?: number;
  /** Requests sent to the source. */
  requests?: number;
}

/** The sync under way, as its process last wrote it (every second or so). */
export interface CatalogSyncRun {
  mode: CatalogSyncMode;
  trigger: CatalogSyncTrigger;
  /** The admin who pressed "Sync now"; null otherwise. */
  startedBy: string | null;
  startedAt: number;
  /** When the running process last wrote its progress (unix ms). */
  updatedAt: number;
  /** Pages of games fetched so far. */
  pages: number;
  /** Records saved so far (games and their related items). */
  saved: number;
  /** How many records this run expects; null until the source has said. */
  total: number | null;
  /** Records saved per second since the start. */
  rate: number;
}

export interface CatalogSyncFinished {
  trigger: CatalogSyncTrigger;
  startedBy: string | null;
  startedAt: number;
  finishedAt: number;
  report: CatalogSyncReport;
}

export interface CatalogSyncError {
  message: string;
  /** When the run failed (unix ms). */
  at: number;
  mode: CatalogSyncMode | null;
  trigger: CatalogSyncTrigger | null;
}

export interface CatalogSyncState {
  /** Null when no sync is running anywhere. */
  running: CatalogSyncRun | null;
  /** The last run that finished without an error. */
  lastRun: CatalogSyncFinished | null;
  /** The last run that failed (it may be older than lastRun). */
  lastError: CatalogSyncError | null;
  /** The server's next scheduled run (unix ms); null when none is scheduled. */
  nextRunAt: number | null;
  /** What the next run does: a full crawl until one has completed, then what changed since. */
  nextMode: CatalogSyncMode;
}

export interface CatalogCounts {
  games: number;
  /** Games by where they came from. */
  gamesBySource: { mame: number; igdb: number; wikidata: number; import: number };
  /** DLC, bundles, editions… listed on their parent game's page. */
  relatedItems: number;
  platforms: number;
  genres: number;
  themes: number;
  companies: number;
}

/** GET /api/admin/catalog */
export interface AdminCatalog {
  source: {
    /** IGDB when this server has IGDB credentials; else Wikidata when its sync is on; else the embedded catalog alone. */
    kind: 'igdb' | 'wikidata' | 'embedded';
    /** "IGDB" or "The embedded catalog (MAME’s software lists)". */
    name: string;
    /** What that means for the catalog, in a sentence. */
    description: string;
  };
  counts: CatalogCounts;
  /** The IGDB sync. */
  sync: CatalogSyncState;
  wikidata: {
    /** on: synced on a schedule; manual: only by hand (IGDB is the primary source); off: WIKIDATA_SYNC=off. */
    mode: 'on' | 'manual' | 'off';
    description: string;
    sync: CatalogSyncState;
  };
}
