import type { Db } from '../../db/database.js';
import { getMeta, setMeta } from '../../db/meta.js';
import { bumpCatalogVersion, refreshPlatformCounts } from '../catalog/catalog.import.js';
import { refreshSearchIndex } from '../catalog/search-index.js';
import { mergeSubmissionsIntoCatalog } from '../submissions/submissions.merge.js';
import type { IgdbClient } from './igdb.client.js';
import { saveTimeToBeats } from './igdb.details.js';
import { idsUpdatedAt, saveCovers, savePopularity, saveRecords, saveReference } from './igdb.store.js';
import { GAME_FIELDS, PAGE_SIZE, TIME_TO_BEAT_FIELDS, type IgdbCover, type IgdbTimeToBeat, type IgdbGame, type IgdbNamed, type IgdbPlatform, type IgdbPopularity } from './igdb.types.js';

export const SYNC_KEYS = {
  /** Full crawl: every IGDB id up to this one is saved. */
  cursor: 'igdb.full.cursor',
  fullDone: 'igdb.full.done',
  /** Incremental sync: records updated at this second (unix s) or later are fetched next. */
  since: 'igdb.incremental.since',
  /** Covers with a greater id are new since the last run (IGDB replaces a cover by a new record). */
  covers: 'igdb.covers.cursor',
  /** Times to beat updated after this second (unix s) are fetched next. */
  timeToBeat: 'igdb.ttb.since',
} as const;

export interface SyncReport {
  mode: 'full' | 'incremental';
  /** Catalog games saved. */
  games: number;
  /** DLC, bundles, editions, … saved as related items of their parent. */
  related: number;
  /** Covers refreshed because IGDB replaced them. */
  covers: number;
  /** Games whose time to beat was saved. */
  timesToBeat: number;
  /** Pages of games fetched. */
  pages: number;
  /** The IGDB id a full crawl resumed after (0 for a fresh start). */
  resumedFrom: number;
}

export interface SyncOptions {
  /** Start the full crawl again from the first game. */
  restart?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** How many id ranges a full crawl fetches at once (IGDB allows 8 open requests). */
const PARALLEL_RANGES = 8;

/**
 * Fills the catalog from IGDB. The first run crawls every record by id
 * (ranges fetched in parallel; the cursor saved as ranges complete, so an
 * interrupted crawl resumes where it stopped); later runs fetch what changed
 * since, by keyset on (updated_at, id), then the covers IGDB replaced.
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
  const report = fullDone ? await incrementalSync(db, client, options) : await fullCrawl(db, client, options);
  report.timesToBeat = await syncTimesToBeat(db, client);

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

/** Saves pages one at a time (SQLite has one writer; new companies must not race), in arrival order. */
function pageSaver(db: Db, report: SyncReport) {
  let queue: Promise<unknown> = Promise.resolve();
  return (records: IgdbGame[]) => {
    const run = queue.then(async () => {
      if (records.length === 0) return;
      const saved = await saveRecords(db, records);
      await refreshSearchIndex(db, saved.gameIds);
      // A member's submitted game that IGDB now brings merges into it, with every entry kept.
      await mergeSubmissionsIntoCatalog(db, saved.gameIds);
      await bumpCatalogVersion(db);
      report.games += saved.games;
      report.related += saved.related;
    });
    queue = run.catch(() => undefined);
    return run;
  };
}

async function fullCrawl(db: Db, client: IgdbClient, { onProgress }: SyncOptions): Promise<SyncReport> {
  const k = db.kysely;
  const resumedFrom = Number((await getMeta(k, SYNC_KEYS.cursor)) ?? 0);
  const report: SyncReport = { mode: 'full', games: 0, related: 0, covers: 0, timesToBeat: 0, pages: 0, resumedFrom };
  const save = pageSaver(db, report);

  if (resumedFrom === 0) {
    // Whatever IGDB changes from now on is the incremental sync's to fetch: note where
    // it stands before reading anything (a game edited on a page already crawled is
    // then fetched by the next run, however many later edits the crawl has seen).
    const [newest] = await client.query<IgdbGame[]>('games', 'fields updated_at; sort updated_at desc; limit 1;');
    const [lastCover] = await client.query<IgdbCover[]>('covers', 'fields id; sort id desc; limit 1;');
    await setMeta(k, SYNC_KEYS.since, String(newest?.updated_at ?? 0));
    await setMeta(k, SYNC_KEYS.covers, String(lastCover?.id ?? 0));
  }
  const [{ count }, [last]] = await Promise.all([
    client.query<{ count: number }>('games/count', `where id > ${resumedFrom};`),
    client.query<IgdbGame[]>('games', `fields id; where id > ${resumedFrom}; sort id desc; limit 1;`),
  ]);
  const maxId = last?.id ?? resumedFrom;
  let saved = 0;
  const progress = (n: number) => {
    saved += n;
    onProgress?.(saved, Math.max(count, saved));
  };

  // Ranges of ids, each read with `where id > a & id <= b; sort id asc` (a keyset within
  // the range). A range of 500 ids never fills more than a page; where ids are sparse the
  // ranges widen so that a page still carries about 450 games.
  const density = maxId > resumedFrom ? Math.min(1, count / (maxId - resumedFrom)) : 1;
  const width = Math.max(PAGE_SIZE, Math.floor((PAGE_SIZE * 0.9) / Math.max(density, 0.01)));
  const ranges: { from: number; to: number }[] = [];
  for (let from = resumedFrom; from < maxId; from += width) ranges.push({ from, to: Math.min(maxId, from + width) });

  const done = ranges.map(() => false);
  let next = 0;
  let completed = 0;
  let failure: unknown;
  const crawlRange = async ({ from, to }: { from: number; to: number }) => {
    for (let after = from; ; ) {
      const page = await client.query<IgdbGame[]>('games', `fields ${GAME_FIELDS}; where id > ${after} & id <= ${to}; sort id asc; limit ${PAGE_SIZE};`);
      report.pages += 1;
      await save(page);
      progress(page.length);
      if (page.length < PAGE_SIZE || page[page.length - 1]!.id >= to) return;
      after = page[page.length - 1]!.id;
    }
  };
  const worker = async () => {
    while (failure === undefined && next < ranges.length) {
      const i = next++;
      try {
        await crawlRange(ranges[i]!);
      } catch (err) {
        failure ??= err;
        return;
      }
      done[i] = true;
      // The cursor moves over the ranges done without a gap before them.
      let watermark = completed;
      while (watermark < ranges.length && done[watermark]) watermark += 1;
      if (watermark > completed) {
        completed = watermark;
        await setMeta(k, SYNC_KEYS.cursor, String(ranges[watermark - 1]!.to));
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_RANGES }, worker));
  if (failure !== undefined) throw failure;

  // Games added since the crawl began.
  for (let after = maxId; ; ) {
    const page = await client.query<IgdbGame[]>('games', `fields ${GAME_FIELDS}; where id > ${after}; sort id asc; limit ${PAGE_SIZE};`);
    report.pages += 1;
    await save(page);
    progress(page.length);
    if (page.length) {
      after = page[page.length - 1]!.id;
      await setMeta(k, SYNC_KEYS.cursor, String(after));
    }
    if (page.length < PAGE_SIZE) break;
  }
  await setMeta(k, SYNC_KEYS.fullDone, '1');
  onProgress?.(saved, saved);
  return report;
}

/**
 * Fetches what changed since the last run, in (updated_at, id) order.
 * Apicalypse sorts on one field and records updated in the same second
 * come back in any order, so the cursor is a second plus the ids already
 * read at it: each page asks for `updated_at >= second` and skips those
 * ids; a second with more than a page of records is read by id. A record
 * edited while we page moves past the cursor and is read later in this
 * run (or the next); nothing shifts under an offset, so nothing is skipped.
 */
async function incrementalSync(db: Db, client: IgdbClient, { onProgress }: SyncOptions): Promise<SyncReport> {
  const k = db.kysely;
  const report: SyncReport = { mode: 'incremental', games: 0, related: 0, covers: 0, timesToBeat: 0, pages: 0, resumedFrom: 0 };
  const save = pageSaver(db, report);
  let second = Number((await getMeta(k, SYNC_KEYS.since)) ?? 0);
  // Read at `second` already: what the last run saved with exactly that updated_at.
  let seen = await idsUpdatedAt(k, second);
  let secondDone = false;
  const { count } = await client.query<{ count: number }>('games/count', `where updated_at >= ${second};`);
  let saved = 0;
  const fresh = async (page: IgdbGame[]) => {
    const unseen = page.filter((g) => !((g.updated_at ?? 0) === second && seen.has(g.id)));
    await save(unseen);
    saved += unseen.length;
    onProgress?.(saved, Math.max(count, saved));
  };

  for (;;) {
    const page = await client.query<IgdbGame[]>(
      'games',
      `fields ${GAME_FIELDS}; where updated_at ${secondDone ? '>' : '>='} ${second}; sort updated_at asc; limit ${PAGE_SIZE};`,
    );
    report.pages += 1;
    await fresh(page);
    if (page.length === 0) break;
    const top = Math.max(...page.map((g) => g.updated_at ?? 0));
    if (top === second && !secondDone) {
      // A full page within one second: read the whole second by id, then go past it.
      if (page.length === PAGE_SIZE) {
        for (let after = 0; ; ) {
          const same = await client.query<IgdbGame[]>('games', `fields ${GAME_FIELDS}; where updated_at = ${second} & id > ${after}; sort id asc; limit ${PAGE_SIZE};`);
          report.pages += 1;
          await fresh(same);
          for (const g of same) seen.add(g.id);
          if (same.length < PAGE_SIZE) break;
          after = same[same.length - 1]!.id;
        }
        secondDone = true;
        continue;
      }
      break;
    }
    seen = new Set(page.filter((g) => (g.updated_at ?? 0) === top).map((g) => g.id));
    second = top;
    secondDone = false;
    await setMeta(k, SYNC_KEYS.since, String(second));
    if (page.length < PAGE_SIZE) break;
  }
  onProgress?.(saved, saved);
  report.covers = await refreshCovers(db, client);
  return report;
}

/**
 * IGDB replaces a cover with a new cover record (a new id; the old image
 * goes after 30 days) without necessarily touching the game. Covers with an
 * id past the last run's are the new ones: their image ids go on the games.
 */
async function refreshCovers(db: Db, client: IgdbClient): Promise<number> {
  const k = db.kysely;
  let changed = 0;
  for (let after = Number((await getMeta(k, SYNC_KEYS.covers)) ?? 0); ; ) {
    const page = await client.query<IgdbCover[]>(
      'covers',
      `fields game,image_id; where id > ${after} & game != null & game_localization = null; sort id asc; limit ${PAGE_SIZE};`,
    );
    changed += await saveCovers(k, page);
    if (page.length) {
      after = page[page.length - 1]!.id;
      await setMeta(k, SYNC_KEYS.covers, String(after));
    }
    if (page.length < PAGE_SIZE) break;
  }
  if (changed) await bumpCatalogVersion(db);
  return changed;
}

/**
 * IGDB keeps times to beat in their own endpoint, updated apart from the
 * games. Each run reads the records updated since the last run by id (a
 * keyset that edits cannot shift) and then moves the mark to the newest
 * updated_at seen before it began: a record edited while we page gets a
 * later updated_at and is read by the next run, whatever its id.
 */
async function syncTimesToBeat(db: Db, client: IgdbClient): Promise<number> {
  const k = db.kysely;
  const since = Number((await getMeta(k, SYNC_KEYS.timeToBeat)) ?? 0);
  const [newest] = await client.query<IgdbTimeToBeat[]>('game_time_to_beats', 'fields updated_at; sort updated_at desc; limit 1;');
  let saved = 0;
  for (let after = 0; ; ) {
    const page = await client.query<IgdbTimeToBeat[]>(
      'game_time_to_beats',
      `fields ${TIME_TO_BEAT_FIELDS}; where updated_at > ${since} & id > ${after}; sort id asc; limit ${PAGE_SIZE};`,
    );
    saved += await saveTimeToBeats(k, page);
    if (page.length < PAGE_SIZE) break;
    after = page[page.length - 1]!.id;
  }
  if (newest?.updated_at !== undefined) await setMeta(k, SYNC_KEYS.timeToBeat, String(Math.max(since, newest.updated_at)));
  return saved;
}
