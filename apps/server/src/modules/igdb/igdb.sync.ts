import type { Db } from '../../db/database.js';
import { getMeta, setMeta } from '../../db/meta.js';
import { bumpCatalogVersion, refreshPlatformCounts } from '../catalog/catalog.import.js';
import { refreshSearchIndex } from '../catalog/search-index.js';
import type { IgdbClient } from './igdb.client.js';
import { saveGames, savePopularity, saveReference } from './igdb.store.js';
import { GAME_FIELDS, PAGE_SIZE, type IgdbGame, type IgdbNamed, type IgdbPlatform, type IgdbPopularity } from './igdb.types.js';

export const SYNC_KEYS = {
  cursor: 'igdb.full.cursor',
  fullDone: 'igdb.full.done',
  since: 'igdb.incremental.since',
} as const;

export interface SyncReport {
  mode: 'full' | 'incremental';
  games: number;
  pages: number;
  /** The IGDB id a full crawl resumed after (0 for a fresh start). */
  resumedFrom: number;
}

export interface SyncOptions {
  /** Start the full crawl again from the first game. */
  restart?: boolean;
  onProgress?: (done: number, total: number) => void;
  now?: () => number;
}

/**
 * Fills the catalog from IGDB. The first run crawls every game by id, saving
 * its cursor after each page so an interrupted crawl resumes where it
 * stopped; later runs fetch only games updated since the last one.
 */
export async function syncFromIgdb(db: Db, client: IgdbClient, options: SyncOptions = {}): Promise<SyncReport> {
  const k = db.kysely;
  const [platforms, genres, themes] = await Promise.all([
    client.query<IgdbPlatform[]>('platforms', 'fields name,slug,abbreviation,alternative_name,generation,summary,platform_family.name; limit 500; sort id asc;'),
    client.query<IgdbNamed[]>('genres', 'fields name,slug; limit 500; sort id asc;'),
    client.query<IgdbNamed[]>('themes', 'fields name,slug; limit 500; sort id asc;'),
  ]);
  await saveReference(k, platforms, genres, themes);

  if (options.restart) {
    await setMeta(k, SYNC_KEYS.cursor, '0');
    await setMeta(k, SYNC_KEYS.fullDone, '0');
  }
  const fullDone = (await getMeta(k, SYNC_KEYS.fullDone)) === '1';
  const report = fullDone ? await incrementalCrawl(db, client, options) : await fullCrawl(db, client, options);

  const ranking = [
    ...(await client.query<IgdbPopularity[]>('popularity_primitives', 'fields game_id,value; where popularity_type = 1; sort value desc; limit 500;')),
    ...(await client.query<IgdbPopularity[]>('popularity_primitives', 'fields game_id,value; where popularity_type = 1; sort value desc; limit 500; offset 500;')),
  ];
  await savePopularity(k, ranking);
  // Popularity changed: renumber the search index so popular games are found first.
  await refreshSearchIndex(db);
  await refreshPlatformCounts(db);
  await bumpCatalogVersion(db);
  return report;
}

async function fullCrawl(db: Db, client: IgdbClient, { onProgress }: SyncOptions): Promise<SyncReport> {
  const k = db.kysely;
  const resumedFrom = Number((await getMeta(k, SYNC_KEYS.cursor)) ?? 0);
  const { count } = await client.query<{ count: number }>('games/count', `where id > ${resumedFrom};`);
  let cursor = resumedFrom;
  let newest = Number((await getMeta(k, SYNC_KEYS.since)) ?? 0);
  let saved = 0;
  let pages = 0;
  for (;;) {
    const page = await client.query<IgdbGame[]>('games', `fields ${GAME_FIELDS}; where id > ${cursor}; sort id asc; limit ${PAGE_SIZE};`);
    if (page.length) {
      await refreshSearchIndex(db, await saveGames(k, page));
      cursor = page[page.length - 1]!.id;
      newest = Math.max(newest, ...page.map((g) => g.updated_at ?? 0));
      saved += page.length;
      pages += 1;
      await setMeta(k, SYNC_KEYS.cursor, String(cursor));
      await bumpCatalogVersion(db);
      await setMeta(k, SYNC_KEYS.since, String(newest));
      onProgress?.(saved, count);
    }
    if (page.length < PAGE_SIZE) break;
  }
  await setMeta(k, SYNC_KEYS.fullDone, '1');
  onProgress?.(saved, saved);
  return { mode: 'full', games: saved, pages, resumedFrom };
}

async function incrementalCrawl(db: Db, client: IgdbClient, { onProgress }: SyncOptions): Promise<SyncReport> {
  const k = db.kysely;
  const since = Number((await getMeta(k, SYNC_KEYS.since)) ?? 0);
  const { count } = await client.query<{ count: number }>('games/count', `where updated_at > ${since};`);
  let newest = since;
  let saved = 0;
  let pages = 0;
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await client.query<IgdbGame[]>(
      'games',
      `fields ${GAME_FIELDS}; where updated_at > ${since}; sort updated_at asc; limit ${PAGE_SIZE}; offset ${offset};`,
    );
    if (page.length) {
      await refreshSearchIndex(db, await saveGames(k, page));
      newest = Math.max(newest, ...page.map((g) => g.updated_at ?? 0));
      saved += page.length;
      pages += 1;
      await bumpCatalogVersion(db);
      onProgress?.(saved, count);
    }
    if (page.length < PAGE_SIZE) break;
  }
  await setMeta(k, SYNC_KEYS.since, String(newest));
  onProgress?.(saved, saved);
  return { mode: 'incremental', games: saved, pages, resumedFrom: 0 };
}
