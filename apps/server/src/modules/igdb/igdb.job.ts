import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { IgdbClient, type IgdbCredentials } from './igdb.client.js';
import { syncFromIgdb } from './igdb.sync.js';
import { dbTokenStore } from './igdb.token.js';

const FIRST_RUN_DELAY_MS = 30_000;
const INTERVAL_MS = 6 * 60 * 60_000;

/**
 * With IGDB configured, the server syncs by itself: 30 s after start (a full
 * crawl the first time, resuming if one was interrupted), then every 6 hours
 * for what changed. Runs never overlap. Returns a function that stops it.
 */
export function scheduleIgdbSync(db: Db, credentials: IgdbCredentials, log: FastifyBaseLogger): () => void {
  // The token is the database's: shared with the CLI and across restarts.
  const client = new IgdbClient(credentials, dbTokenStore(db));
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await syncFromIgdb(db, client);
      log.info({ report }, 'IGDB sync finished');
    } catch (err) {
      log.error({ err }, 'IGDB sync failed; the next run resumes where it stopped');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, FIRST_RUN_DELAY_MS);
  const every = setInterval(run, INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
