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
  running: 'A catalog sync is already running; wait for it to finish.',
} as const;

/** An IGDB sync's outcome (the server's SyncReport). */
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
  /** IGDB records saved so far (games and their related items). */
  saved: number;
  /** How many records this run expects; null until IGDB has said. */
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
  gamesBySource: { mame: number; igdb: number; import: number };
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
    /** IGDB when this server has IGDB credentials; else the embedded catalog. */
    kind: 'igdb' | 'embedded';
    /** "IGDB" or "The embedded catalog (MAME’s software lists)". */
    name: string;
    /** What that means for the catalog, in a sentence. */
    description: string;
  };
  counts: CatalogCounts;
  sync: CatalogSyncState;
}
