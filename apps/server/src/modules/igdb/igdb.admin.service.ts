import { CATALOG_ATTRIBUTIONS, CATALOG_SYNC_MESSAGES, type AdminCatalog, type CatalogCounts, type CatalogSyncFinished, type CatalogSyncState } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WikidataConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../admin/admin.audit.js';
import type { UserRow } from '../users/users.repo.js';
import { IgdbClient, type IgdbCredentials } from './igdb.client.js';
import { FIRST_RUN_DELAY_MS, INTERVAL_MS } from './igdb.job.js';
import { progressLog } from '../catalog-sync/sync.job.js';
import type { StartedSync } from '../catalog-sync/sync.run.js';
import { catalogLoad, catalogLoadingMessage } from '../catalog/catalog.loading.js';
import { startWikidataSync, wikidataClient, wikidataSyncStatus } from '../wikidata/wikidata.run.js';
import { WIKIDATA_SYNC_CRON } from '../wikidata/wikidata.job.js';
import { igdbSyncStatus, startIgdbSync, SyncBusyError } from './igdb.run.js';
import { dbTokenStore } from './igdb.token.js';

export interface CatalogAdminDeps {
  db: Db;
  /** Undefined when IGDB is not configured: the embedded catalog is the source. */
  igdb: IgdbCredentials | undefined;
  wikidata: WikidataConfig;
  log: FastifyBaseLogger;
  /** Tests shorten how often a run writes its progress. */
  heartbeatMs?: number;
}

const SOURCES: Record<AdminCatalog['source']['kind'], Omit<AdminCatalog['source'], 'kind'>> = {
  igdb: {
    name: 'IGDB',
    description: `IGDB credentials are configured: the server syncs the catalog from IGDB ${FIRST_RUN_DELAY_MS / 1000} seconds after it starts and every ${INTERVAL_MS / 3_600_000} hours.`,
  },
  wikidata: {
    name: `Wikidata, over the embedded catalog (${CATALOG_ATTRIBUTIONS.mame!.name})`,
    description:
      'IGDB is not configured: the catalog is the open one shipped with VGL, filled with modern games from Wikidata (CC0) in the background, a few seconds after start and once a day. Set IGDB_CLIENT_ID and IGDB_CLIENT_SECRET and restart for covers and the richest pages.',
  },
  embedded: {
    name: `The embedded catalog (${CATALOG_ATTRIBUTIONS.mame!.name})`,
    description:
      'IGDB is not configured and the Wikidata sync is off (WIKIDATA_SYNC=off), so the catalog is the open one shipped with VGL. Unset WIKIDATA_SYNC for modern games from Wikidata, or set IGDB_CLIENT_ID and IGDB_CLIENT_SECRET, and restart.',
  },
};

const WIKIDATA_MODES: Record<WikidataConfig['mode'], string> = {
  on: `Synced from Wikidata’s query service a few seconds after start and every day at ${WIKIDATA_SYNC_CRON.split(' ')[1]!.padStart(2, '0')}:${WIKIDATA_SYNC_CRON.split(' ')[0]!.padStart(2, '0')} UTC: only what changed is read again.`,
  manual: 'IGDB is the primary source: Wikidata only fills what IGDB lacks, when run by hand ("Sync now" or npm run vgl -- catalog:sync --source wikidata). WIKIDATA_SYNC=on schedules it too.',
  off: 'Off (WIKIDATA_SYNC=off): this instance sends nothing to Wikidata.',
};

export type CatalogSyncSourceName = 'igdb' | 'wikidata';

/** The games and related items of the catalog, and what they are filed under. */
async function countCatalog(db: Db): Promise<CatalogCounts> {
  const k = db.kysely;
  const total = (table: 'game_related_items' | 'platforms' | 'genres' | 'themes' | 'companies') =>
    k
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [bySource, relatedItems, platforms, genres, themes, companies] = await Promise.all([
    k
      .selectFrom('games')
      .select(['source', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('source')
      .execute(),
    total('game_related_items').then(async (fromIgdb) => {
      const fromWikidata = await k
        .selectFrom('wikidata_items')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('kind', '!=', 'game')
        .where('parent_qid', 'is not', null)
        .executeTakeFirstOrThrow();
      return fromIgdb + Number(fromWikidata.n);
    }),
    total('platforms'),
    total('genres'),
    total('themes'),
    total('companies'),
  ]);
  const gamesBySource = { mame: 0, igdb: 0, wikidata: 0, import: 0 };
  for (const row of bySource) if (row.source in gamesBySource) gamesBySource[row.source as keyof typeof gamesBySource] = Number(row.n);
  const games = bySource.reduce((sum, row) => sum + Number(row.n), 0);
  return { games, gamesBySource, relatedItems, platforms, genres, themes, companies };
}

/** A finished run as the page shows it: only the report's known fields (a newer server may store more). */
function presentSync(state: CatalogSyncState): CatalogSyncState {
  const last = state.lastRun;
  if (!last) return state;
  const { mode, games, related, covers, pages, resumedFrom, added, enriched, removed, requests } = last.report;
  const lastRun: CatalogSyncFinished = { ...last, report: { mode, games, related, covers, pages, resumedFrom, added, enriched, removed, requests } };
  return { ...state, lastRun };
}

/**
 * The dashboard's Catalog page: the sources in use, what the catalog holds,
 * the IGDB and Wikidata syncs as every process sees them, and "Sync now"
 * (admins). A run started here goes on in the background; closing the app
 * stops it at its next request (the next run resumes).
 */
export function createCatalogAdminService({ db, igdb, wikidata, log, heartbeatMs }: CatalogAdminDeps) {
  const status = igdbSyncStatus(db);
  const wikidataStatus = wikidataSyncStatus(db);
  const stopping = new AbortController();
  const runs = new Set<Promise<unknown>>();
  let client: IgdbClient | undefined;
  const wikidataClientOnce = (() => {
    let made: ReturnType<typeof wikidataClient> | undefined;
    return () => (made ??= wikidataClient(wikidata));
  })();

  return {
    async overview(): Promise<AdminCatalog> {
      const kind = igdb ? 'igdb' : wikidata.mode === 'on' ? 'wikidata' : 'embedded';
      const [counts, sync, wikidataSync] = await Promise.all([countCatalog(db), status.read(), wikidataStatus.read()]);
      // A source not scheduled here has no next run, whatever an earlier configuration left behind.
      return {
        source: { kind, ...SOURCES[kind] },
        counts,
        sync: presentSync(igdb ? sync : { ...sync, nextRunAt: null }),
        wikidata: {
          mode: wikidata.mode,
          description: WIKIDATA_MODES[wikidata.mode],
          sync: presentSync(wikidata.mode === 'on' ? wikidataSync : { ...wikidataSync, nextRunAt: null }),
        },
      };
    },

    /**
     * Starts a sync now, in the background (IGDB when configured, else
     * Wikidata unless it is off, unless `source` says): 409 when that source
     * is not available here or a run of it is going.
     */
    async syncNow(actor: Pick<UserRow, 'id' | 'username'>, source: CatalogSyncSourceName = igdb || wikidata.mode === 'off' ? 'igdb' : 'wikidata'): Promise<CatalogSyncState> {
      let started: StartedSync;
      const options = { trigger: 'admin' as const, startedBy: actor.username, signal: stopping.signal, heartbeatMs, onProgress: progressLog(log, source === 'igdb' ? 'IGDB' : 'Wikidata') };
      // A sync over a half-loaded catalog would add games the embedded catalog then overwrites by slug.
      if (catalogLoad.loading) throw new AppError(409, 'catalog_loading', `${catalogLoadingMessage(catalogLoad.status())} Start a sync once it is done.`);
      try {
        if (source === 'igdb') {
          if (!igdb) throw new AppError(409, 'igdb_not_configured', CATALOG_SYNC_MESSAGES.notConfigured);
          client ??= new IgdbClient(igdb, dbTokenStore(db));
          started = await startIgdbSync(db, client, options);
        } else {
          if (wikidata.mode === 'off') throw new AppError(409, 'wikidata_off', CATALOG_SYNC_MESSAGES.wikidataOff);
          started = await startWikidataSync(db, wikidataClientOnce(), options);
        }
      } catch (err) {
        if (err instanceof SyncBusyError) throw new AppError(409, 'sync_running', err.message);
        throw err;
      }
      const name = source === 'igdb' ? 'IGDB' : 'Wikidata';
      const done = started.done.then(
        (report) => log.info({ report }, `${name} sync finished`),
        (err: unknown) => log.error({ err }, `${name} sync failed; the next run resumes where it stopped`),
      );
      runs.add(done);
      void done.finally(() => runs.delete(done));
      const label = `${name}: ${started.run.mode === 'full' ? 'full crawl' : 'incremental sync'}`;
      await recordAudit(db.kysely, actor, { action: 'catalog.sync', targetType: 'catalog', targetId: null, targetLabel: label }, started.run.startedAt);
      return presentSync(await (source === 'igdb' ? status : wikidataStatus).read());
    },

    /** Stops a run started here and waits for it to wind down (its lease released, its state written). */
    async close(): Promise<void> {
      stopping.abort();
      await Promise.all(runs);
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
