import type { CatalogSyncReport } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { getMeta, setMeta } from '../../db/meta.js';
import { bumpCatalogVersion, refreshPlatformCounts } from '../catalog/catalog.import.js';
import { SEED_META_KEY } from '../catalog/catalog.seed.js';
import { refreshSearchIndex } from '../catalog/search-index.js';
import type { SyncContext } from '../catalog-sync/sync.run.js';
import type { WikidataClient } from './wikidata.client.js';
import { parseItems } from './wikidata.parse.js';
import { itemFacts, labels as labelsQuery, listPage, qidOf, redirects } from './wikidata.queries.js';
import { mergeSubmissionsIntoCatalog } from '../submissions/submissions.merge.js';
import { settleGone } from './wikidata.gone.js';
import { padded } from './wikidata.lists.js';
import { saveBatch, type Vocabulary } from './wikidata.store.js';
import { platformIndex } from './wikidata.vocabulary.js';

export const WIKIDATA_KEYS = {
  fullDone: 'wikidata.full.done',
  /** The embedded catalog the last run completed: a new one is refilled from Wikidata at the next run. */
  seed: 'wikidata.seed',
} as const;

export interface WikidataReport extends CatalogSyncReport {
  added: number;
  enriched: number;
  removed: number;
  requests: number;
}

export interface WikidataSyncOptions {
  /** Items a listing page holds (default 5,000). */
  listPageSize?: number;
  /** Items whose facts one query reads (default 200). */
  batchSize?: number;
}

type Context = Pick<SyncContext, 'onProgress' | 'onPage' | 'checkpoint' | 'restart'>;

const chunks = <T>(values: T[], size: number) => Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, (i + 1) * size));

/**
 * Fills the catalog from Wikidata. Each run lists every video game item
 * (and expansion, DLC, mod, compilation) with its last-edit time, a page of
 * 5,000 at a time by keyset, then reads in batches only the items that are
 * new or were edited since they were read (or every item when asked to
 * restart, or when the embedded catalog was replaced). An interrupted run
 * loses nothing: what it saved is saved, and the next run reads the rest.
 * Items gone from Wikidata are dropped at the end of a run that listed
 * everything: a redirect moves its link to the item it was merged into.
 */
export async function syncFromWikidata(db: Db, client: WikidataClient, ctx: Context, options: WikidataSyncOptions = {}): Promise<WikidataReport> {
  const k = db.kysely;
  const fullDone = (await getMeta(k, WIKIDATA_KEYS.fullDone)) === '1';
  const seed = (await getMeta(k, SEED_META_KEY)) ?? '';
  const reread = ctx.restart || (await getMeta(k, WIKIDATA_KEYS.seed)) !== seed;
  const report: WikidataReport = { mode: fullDone && !ctx.restart ? 'incremental' : 'full', games: 0, related: 0, covers: 0, pages: 0, resumedFrom: 0, added: 0, enriched: 0, removed: 0, requests: 0 };
  const startRequests = client.requests;
  client.beforeRequest = ctx.checkpoint;

  const known = new Map((await k.selectFrom('wikidata_items').select(['qid', 'modified']).execute()).map((r) => [r.qid, Number(r.modified)]));
  const listed = new Set<string>();
  const due: string[] = [];
  for (let after: string | null = null; ; ) {
    const rows = await client.select(listPage(after, options.listPageSize ?? 5000));
    report.pages += 1;
    ctx.onPage();
    for (const row of rows) {
      const qid = qidOf(row.item?.value);
      if (!qid || listed.has(qid)) continue;
      listed.add(qid);
      const modified = Date.parse(row.modified?.value ?? '') || 0;
      if (reread || known.get(qid) !== modified) due.push(qid);
    }
    const last = qidOf(rows[rows.length - 1]?.item?.value);
    if (rows.length < (options.listPageSize ?? 5000) || !last) break;
    after = last;
  }

  // Gone from the listing: merged into another item (a redirect) or deleted. Settled before reading, so a
  // merged item's game is updated under its new id rather than added again.
  const gone = [...known.keys()].filter((qid) => !listed.has(qid));
  if (gone.length) {
    const moved = new Map<string, string>();
    for (const batch of chunks(gone, 200)) {
      for (const row of await client.select(redirects(batch))) {
        const from = qidOf(row.item?.value);
        const to = qidOf(row.target?.value);
        if (from && to) moved.set(from, to);
      }
    }
    report.removed = await settleGone(db, gone, moved, new Set(known.keys()));
  }

  const vocabulary: Vocabulary = { platforms: platformIndex(await k.selectFrom('platforms').select(['id', 'igdb_id', 'name', 'alternative_name', 'abbreviation']).execute()), labels: new Map() };
  let done = 0;
  ctx.onProgress(0, due.length);
  // The next batch's facts are fetched while this one is saved: the service's time and ours overlap.
  const batches = chunks(due, options.batchSize ?? 200);
  const fetchFacts = (i: number) => {
    const asked = batches[i] ? client.select(itemFacts(batches[i])) : undefined;
    asked?.catch(() => undefined); // awaited below; a failure then stops the run
    return asked;
  };
  let next = fetchFacts(0);
  for (let i = 0; i < batches.length; i += 1) {
    const batch = batches[i]!;
    const rows = await next!;
    next = fetchFacts(i + 1);
    const items = parseItems(batch, rows);
    ctx.onPage();
    await learnLabels(db, client, vocabulary, items.flatMap((i) => [...i.platforms, ...i.genres, ...i.developers, ...i.publishers, ...i.series, ...i.dates.flatMap((d) => (d.platform ? [d.platform] : []))]));
    // An item deleted between the listing and now has no facts: it is left for the end of the run.
    const saved = await saveBatch(k, items.filter((i) => i.modified > 0), vocabulary);
    // Padded lists: a few statement shapes for the whole run instead of one per batch length (wikidata.lists.ts).
    await refreshSearchIndex(db, padded(saved.gameIds));
    // A member's submitted game that Wikidata now brings merges into it, with every entry kept.
    await mergeSubmissionsIntoCatalog(db, padded(saved.gameIds));
    await bumpCatalogVersion(db);
    report.games += saved.gameIds.length;
    report.added += saved.added;
    report.enriched += saved.enriched;
    report.related += saved.related;
    done += batch.length;
    ctx.onProgress(done, due.length);
  }

  // Popularity moved: renumber the search index so well-known games are found first.
  await refreshSearchIndex(db);
  await refreshPlatformCounts(db);
  await bumpCatalogVersion(db);
  await setMeta(k, WIKIDATA_KEYS.fullDone, '1');
  await setMeta(k, WIKIDATA_KEYS.seed, seed);
  report.requests = client.requests - startRequests;
  return report;
}

/** Reads the labels of the items games point at that no run has read yet; kept in wikidata_entities. */
async function learnLabels(db: Db, client: WikidataClient, vocabulary: Vocabulary, qids: string[]): Promise<void> {
  const k = db.kysely;
  const wanted = [...new Set(qids)].filter((q) => !vocabulary.labels.has(q));
  if (wanted.length === 0) return;
  for (const batch of chunks(wanted, 500)) {
    for (const r of await k.selectFrom('wikidata_entities').select(['qid', 'label']).where('qid', 'in', padded(batch)).execute()) vocabulary.labels.set(r.qid, r.label);
  }
  const unknown = wanted.filter((q) => !vocabulary.labels.has(q));
  const now = Date.now();
  for (const batch of chunks(unknown, 300)) {
    const found = new Map<string, string>();
    for (const row of await client.select(labelsQuery(batch))) {
      const qid = qidOf(row.item?.value);
      const label = row.label?.value.trim();
      // English wins over the language-neutral label.
      if (qid && label && (row.label?.['xml:lang'] === 'en' || !found.has(qid))) found.set(qid, label.slice(0, 300));
    }
    for (const [qid, label] of found) vocabulary.labels.set(qid, label);
    const rows = [...found].map(([qid, label]) => ({ qid, label, updated_at: now }));
    for (const part of chunks(rows, 300)) {
      await k.insertInto('wikidata_entities').values(part).onConflict((oc) => oc.column('qid').doUpdateSet((eb) => ({ label: eb.ref('excluded.label'), updated_at: now }))).execute();
    }
  }
}
