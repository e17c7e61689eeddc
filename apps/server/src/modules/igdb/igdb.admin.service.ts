import { CATALOG_ATTRIBUTIONS, CATALOG_SYNC_MESSAGES, type AdminCatalog, type CatalogCounts, type CatalogSyncFinished, type CatalogSyncState } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../admin/admin.audit.js';
import type { UserRow } from '../users/users.repo.js';
import { IgdbClient, type IgdbCredentials } from './igdb.client.js';
import { FIRST_RUN_DELAY_MS, INTERVAL_MS } from './igdb.job.js';
import { startIgdbSync, SyncBusyError } from './igdb.run.js';
import { syncStatus } from './igdb.status.js';
import { dbTokenStore } from './igdb.token.js';

export interface CatalogAdminDeps {
  db: Db;
  /** Undefined when IGDB is not configured: the embedded catalog is the source. */
  igdb: IgdbCredentials | undefined;
  log: FastifyBaseLogger;
  /** Tests shorten how often a run writes its progress. */
  heartbeatMs?: number;
}

const SOURCES: Record<AdminCatalog['source']['kind'], Omit<AdminCatalog['source'], 'kind'>> = {
  igdb: {
    name: 'IGDB',
    description: `IGDB credentials are configured: the server syncs the catalog from IGDB ${FIRST_RUN_DELAY_MS / 1000} seconds after it starts and every ${INTERVAL_MS / 3_600_000} hours.`,
  },
  embedded: {
    name: `The embedded catalog (${CATALOG_ATTRIBUTIONS.mame!.name})`,
    description: 'IGDB is not configured, so the catalog is the open one shipped with VGL. Set IGDB_CLIENT_ID and IGDB_CLIENT_SECRET and restart to sync from IGDB.',
  },
};

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
    total('game_related_items'),
    total('platforms'),
    total('genres'),
    total('themes'),
    total('companies'),
  ]);
  const gamesBySource = { mame: 0, igdb: 0, import: 0 };
  for (const row of bySource) if (row.source in gamesBySource) gamesBySource[row.source] = Number(row.n);
  const games = bySource.reduce((sum, row) => sum + Number(row.n), 0);
  return { games, gamesBySource, relatedItems, platforms, genres, themes, companies };
}

/** A finished run as the page shows it: only the report's known fields (a newer server may store more). */
function presentSync(state: CatalogSyncState): CatalogSyncState {
  const last = state.lastRun;
  if (!last) return state;
  const { mode, games, related, covers, pages, resumedFrom } = last.report;
  const lastRun: CatalogSyncFinished = { ...last, report: { mode, games, related, covers, pages, resumedFrom } };
  return { ...state, lastRun };
}

/**
 * The dashboard's Catalog page: the source in use, what the catalog holds,
 * the IGDB sync as every process sees it, and "Sync now" (admins). A run
 * started here goes on in the background; closing the app stops it at its
 * next IGDB query (the next run resumes).
 */
export function createCatalogAdminService({ db, igdb, log, heartbeatMs }: CatalogAdminDeps) {
  const status = syncStatus(db);
  const stopping = new AbortController();
  const runs = new Set<Promise<unknown>>();
  let client: IgdbClient | undefined;

  return {
    async overview(): Promise<AdminCatalog> {
      const kind = igdb ? 'igdb' : 'embedded';
      const [counts, sync] = await Promise.all([countCatalog(db), status.read()]);
      // Without IGDB nothing is scheduled, whatever an earlier configuration left behind.
      return { source: { kind, ...SOURCES[kind] }, counts, sync: presentSync(igdb ? sync : { ...sync, nextRunAt: null }) };
    },

    /** Starts a sync now, in the background: 409 when IGDB is not configured or a run is going. */
    async syncNow(actor: Pick<UserRow, 'id' | 'username'>): Promise<CatalogSyncState> {
      if (!igdb) throw new AppError(409, 'igdb_not_configured', CATALOG_SYNC_MESSAGES.notConfigured);
      client ??= new IgdbClient(igdb, dbTokenStore(db));
      let started;
      try {
        started = await startIgdbSync(db, client, { trigger: 'admin', startedBy: actor.username, signal: stopping.signal, heartbeatMs });
      } catch (err) {
        if (err instanceof SyncBusyError) throw new AppError(409, 'sync_running', err.message);
        throw err;
      }
      const done = started.done.then(
        (report) => log.info({ report }, 'IGDB sync finished'),
        (err: unknown) => log.error({ err }, 'IGDB sync failed; the next run resumes where it stopped'),
      );
      runs.add(done);
      void done.finally(() => runs.delete(done));
      const label = started.run.mode === 'full' ? 'IGDB: full crawl' : 'IGDB: incremental sync';
      await recordAudit(db.kysely, actor, { action: 'catalog.sync', targetType: 'catalog', targetId: null, targetLabel: label }, started.run.startedAt);
      return presentSync(await status.read());
    },

    /** Stops a run started here and waits for it to wind down (its lease released, its state written). */
    async close(): Promise<void> {
      stopping.abort();
      await Promise.all(runs);
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
