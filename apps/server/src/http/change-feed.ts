import type { Db } from '../db/database.js';
import { getMeta } from '../db/meta.js';
import { openWriteChannel, type WriteChannel } from '../db/write-channel.js';
import { CATALOG_VERSION_KEY } from '../modules/catalog/catalog.import.js';

interface Log {
  warn(details: object, message: string): void;
}

export interface ChangeFeedOptions {
  db: Db;
  /** PostgreSQL's URL: with it, writes are announced to and heard from the other instances (LISTEN/NOTIFY). */
  postgresUrl?: string | undefined;
  log: Log;
  /** How often the catalog's version is read from the database (a sync or import in any process bumps it). */
  catalogPollMs?: number;
}

/**
 * What this process knows has changed, for everything it keeps in memory
 * (the response cache, the home feed, the search word list): the catalog's
 * version, read from the database every second, and a count of writes —
 * its own successful writes and, on PostgreSQL, those other instances
 * announce on a channel. Listeners hear of each, wherever it was made.
 */
export function createChangeFeed({ db, postgresUrl, log, catalogPollMs = 1000 }: ChangeFeedOptions) {
  const writeListeners: (() => void)[] = [];
  const catalogListeners: (() => void)[] = [];
  let writes = 0;
  let catalogVersion: string | undefined;
  let channel: WriteChannel | undefined;
  let poll: NodeJS.Timeout | undefined;

  const written = () => {
    writes += 1;
    for (const listener of writeListeners) listener();
  };

  async function readCatalogVersion() {
    const version = (await getMeta(db.kysely, CATALOG_VERSION_KEY)) ?? '';
    const before = catalogVersion;
    catalogVersion = version;
    if (before !== undefined && before !== version) for (const listener of catalogListeners) listener();
  }

  return {
    get writes() {
      return writes;
    },
    get catalogVersion() {
      return catalogVersion ?? '';
    },
    /** Whether other instances' writes reach this one as they happen (PostgreSQL); else only time backstops catch them. */
    shared: postgresUrl !== undefined,

    /** A write here succeeded: count it and tell the other instances. */
    wrote() {
      written();
      channel?.announce();
    },
    /** Called after every write heard of, made here or by another instance. */
    onWrite(listener: () => void) {
      writeListeners.push(listener);
    },
    /** Reads the catalog's version now, rather than at the next poll (listeners hear of a change before it resolves). */
    checkCatalog: () => readCatalogVersion(),
    /** Called when the catalog's version moved (an import or sync, in any process). */
    onCatalogChange(listener: () => void) {
      catalogListeners.push(listener);
    },

    async start() {
      await readCatalogVersion();
      poll = setInterval(() => void readCatalogVersion().catch(() => undefined), catalogPollMs);
      poll.unref();
      if (postgresUrl) channel = openWriteChannel({ db, url: postgresUrl, log, heard: written });
    },
    async close() {
      clearInterval(poll);
      await channel?.close();
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
