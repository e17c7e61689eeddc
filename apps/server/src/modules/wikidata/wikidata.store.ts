import { slugify } from '@vgl/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertChunked } from '../igdb/igdb.store.js';
import { padded } from './wikidata.lists.js';
import { placeItems, type ItemFacts, type Placement } from './wikidata.match.js';
import { releaseOf, type WikidataItem } from './wikidata.parse.js';
import { classifyGenre, foldLabel } from './wikidata.vocabulary.js';

type K = Kysely<Database>;

/** What the game page shows from Wikidata beyond the catalog's columns (wikidata_items.data). */
export interface WikidataItemData {
  description: string | null;
  /** Releases per platform: our platform id, unix seconds, Wikidata's precision (9 year, 10 month, 11 day). */
  releases: { platform: number; date: number; precision: number }[];
  series: string[];
  links: { igdb: string[]; steam: string[]; gog: string[]; mobygames: string[] };
}

export interface Vocabulary {
  /** Folded platform label → our platform id (wikidata.vocabulary.ts platformIndex). */
  platforms: Map<string, number>;
  /** English labels of the items games point at, by Q-id. */
  labels: Map<string, string>;
}

export interface SavedBatch {
  /** Our ids of the games written (for the search index, submissions and caches). */
  gameIds: number[];
  added: number;
  enriched: number;
  related: number;
}

/**
 * Popularity from sitelinks (how many Wikipedias have an article), on the scale every source stores: 10 per
 * nat of how many people know the game (search-relevance.ts fame). The people a game reaches grow about as the
 * square of its languages: 10 for a game without an article, 36 for five, 81 for fifty, 93 for
 * ninety (Tetris); never above 100, so below IGDB's most visited games (1000+).
 */
export const popularityOf = (sitelinks: number) => Math.min(100, Math.round(10 * (1 + Math.log1p((sitelinks * sitelinks) / 2)) * 10) / 10);

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * Saves a batch of items: expansions, DLC, mods and compilations as related
 * items of their parent; games into the catalog, each where placeItems puts
 * it. A game of its own is written whole; a game of another source only
 * gains what Wikidata adds (IGDB's only what it lacks). One transaction.
 */
export async function saveBatch(k: K, items: WikidataItem[], vocabulary: Vocabulary, now = Date.now()): Promise<SavedBatch> {
  const games = items.filter((i) => i.kind === 'game' && i.label);
  const related = items.filter((i) => i.kind !== 'game' && i.label);
  const facts: ItemFacts[] = games.map((item) => ({
    item,
    platformIds: unique(item.platforms.map((q) => vocabulary.platforms.get(foldLabel(vocabulary.labels.get(q) ?? ''))).filter((p): p is number => p !== undefined)),
    releaseYear: releaseOf(item.dates).releaseYear,
  }));

  return k.transaction().execute(async (trx) => {
    const placements = await placeItems(trx, facts);
    const genreIds = await genresFor(trx, unique(games.flatMap((g) => g.genres)), vocabulary.labels);
    const companyIds = await companiesFor(trx, unique(games.flatMap((g) => [...g.developers, ...g.publishers])), vocabulary.labels);
    const report: SavedBatch = { gameIds: [], added: 0, enriched: 0, related: related.length };

    for (const f of facts) {
      const placement = placements.get(f.item.qid)!;
      const data = dataOf(f, vocabulary);
      const gameId = await writeGame(trx, f, placement, now, firstPlatformOf(data.releases, f.platformIds));
      if (placement.kind === 'own' && placement.gameId === null) report.added += 1;
      else if (placement.kind !== 'own') report.enriched += 1;
      report.gameIds.push(gameId);
      await writeFacets(trx, gameId, f, placement, { genreIds, companyIds });
      await saveItemRow(trx, f.item, gameId, data, now);
    }
    for (const item of related) await saveItemRow(trx, item, null, dataOf({ item, platformIds: [], releaseYear: null }, vocabulary), now);
    // An item without an English label is noted (so it is not read again until it is edited), with no game.
    for (const item of items.filter((i) => !i.label)) await saveItemRow(trx, { ...item, label: item.qid }, null, dataOf({ item, platformIds: [], releaseYear: null }, vocabulary), now);
    return report;
  });
}

function dataOf({ item }: ItemFacts, vocabulary: Vocabulary): WikidataItemData {
  const releases = item.dates.flatMap((d) => {
    const platform = d.platform ? vocabulary.platforms.get(foldLabel(vocabulary.labels.get(d.platform) ?? '')) : undefined;
    return platform === undefined ? [] : [{ platform, date: d.at, precision: d.precision }];
  });
  return {
    description: item.description,
    releases,
    series: item.series.map((q) => vocabulary.labels.get(q)).filter((l): l is string => Boolean(l)),
    links: { igdb: item.igdbSlugs, steam: item.steam, gog: item.gog, mobygames: item.mobygames },
  };
}

/** The platform of the earliest publication date that names one (P577 qualified by P400), if it is one of the game's. */
function firstPlatformOf(releases: WikidataItemData['releases'], platformIds: number[]): number | null {
  const first = releases.filter((r) => platformIds.includes(r.platform)).sort((a, b) => a.date - b.date || a.platform - b.platform)[0];
  return first?.platform ?? null;
}

async function saveItemRow(k: K, item: WikidataItem, gameId: number | null, data: WikidataItemData, now: number): Promise<void> {
  const row = {
    kind: item.kind,
    parent_qid: item.kind === 'game' ? null : item.parent,
    name: item.label!.slice(0, 300),
    first_release_date: releaseOf(item.dates).firstReleaseDate,
    modified: item.modified,
    sitelinks: item.sitelinks,
    data: JSON.stringify(data),
    updated_at: now,
  };
  // A related item keeps the game it once had (members' entries stay); a game item points at its game.
  await k
    .insertInto('wikidata_items')
    .values({ qid: item.qid, game_id: gameId, ...row })
    .onConflict((oc) => oc.column('qid').doUpdateSet(gameId === null ? row : { ...row, game_id: gameId }))
    .execute();
}

async function uniqueSlug(k: K, name: string, year: number | null, qid: string): Promise<string> {
  const base = slugify(name) || qid.toLowerCase();
  for (const slug of [base, year ? `${base}-${year}` : null, `${base}-${qid.toLowerCase()}`]) {
    if (slug && !(await k.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirst())) return slug;
  }
  return `${base}-${qid.toLowerCase()}-${Date.now().toString(36)}`;
}

async function writeGame(k: K, { item, releaseYear }: ItemFacts, placement: Placement, now: number, firstPlatformId: number | null): Promise<number> {
  const { firstReleaseDate } = releaseOf(item.dates);
  const popularity = popularityOf(item.sitelinks);
  if (placement.kind === 'own') {
    const row = { name: item.label!, first_release_date: firstReleaseDate, release_year: releaseYear, first_platform_id: firstPlatformId, popularity, updated_at: now };
    if (placement.gameId !== null) {
      await k.updateTable('games').set(row).where('id', '=', placement.gameId).execute();
      return placement.gameId;
    }
    const slug = await uniqueSlug(k, item.label!, releaseYear, item.qid);
    const inserted = await k
      .insertInto('games')
      .values({ ...row, slug, igdb_id: null, summary: null, cover_image_id: null, rating: null, source: 'wikidata', igdb_updated_at: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }
  const game = await k.selectFrom('games').select(['first_release_date', 'release_year', 'first_platform_id', 'popularity']).where('id', '=', placement.gameId).executeTakeFirstOrThrow();
  const keepsDate = game.first_release_date !== null;
  await k
    .updateTable('games')
    .set({
      // A date only where the game has none (the embedded catalog often knows just the year).
      first_release_date: keepsDate ? game.first_release_date : firstReleaseDate !== null && (game.release_year === null || new Date(firstReleaseDate * 1000).getUTCFullYear() === game.release_year) ? firstReleaseDate : null,
      release_year: game.release_year ?? releaseYear,
      // The platform of the first release, too, only where the game has none.
      first_platform_id: game.first_platform_id ?? firstPlatformId,
      // IGDB's popularity is its own; the embedded catalog's is a guess that Wikidata's sitelinks improve on.
      popularity: placement.kind === 'fill' ? game.popularity : Math.max(Number(game.popularity), popularity),
      updated_at: now,
    })
    .where('id', '=', placement.gameId)
    .execute();
  return placement.gameId;
}

/** Platforms, genres, themes, companies, alternative names and store ids: replaced for a game of its own, added to another's. */
async function writeFacets(
  k: K,
  gameId: number,
  { item, platformIds }: ItemFacts,
  placement: Placement,
  ids: { genreIds: Map<string, { genres: number[]; themes: number[] }>; companyIds: Map<string, number> },
): Promise<void> {
  const own = placement.kind === 'own';
  const fill = placement.kind === 'fill';
  const has = async (table: 'game_platforms' | 'game_genres' | 'game_companies') =>
    Boolean(await k.selectFrom(table).select('game_id').where('game_id', '=', gameId).limit(1).executeTakeFirst());
  if (own) {
    for (const table of ['game_platforms', 'game_genres', 'game_themes', 'game_companies', 'alternative_names'] as const) {
      await k.deleteFrom(table).where('game_id', '=', gameId).execute();
    }
  }
  const game = await k.selectFrom('games').select(['popularity', 'release_year']).where('id', '=', gameId).executeTakeFirstOrThrow();

  if (!fill || !(await has('game_platforms'))) {
    const rows = platformIds.map((platform_id) => ({ game_id: gameId, platform_id, popularity: game.popularity, release_year: game.release_year }));
    if (rows.length) await k.insertInto('game_platforms').values(rows).onConflict((oc) => oc.doNothing()).execute();
  }
  // Every platform row carries the game's popularity and year (the browse index, migration 0003).
  await k.updateTable('game_platforms').set({ popularity: game.popularity, release_year: game.release_year }).where('game_id', '=', gameId).execute();

  const genreIds = unique(item.genres.flatMap((g) => ids.genreIds.get(g)?.genres ?? []));
  const themeIds = unique(item.genres.flatMap((g) => ids.genreIds.get(g)?.themes ?? []));
  if (!fill || !(await has('game_genres'))) {
    if (genreIds.length) await k.insertInto('game_genres').values(genreIds.map((genre_id) => ({ game_id: gameId, genre_id }))).onConflict((oc) => oc.doNothing()).execute();
    if (themeIds.length) await k.insertInto('game_themes').values(themeIds.map((theme_id) => ({ game_id: gameId, theme_id }))).onConflict((oc) => oc.doNothing()).execute();
  }
  if (!fill || !(await has('game_companies'))) {
    const companies: Insertable<Database['game_companies']>[] = [];
    for (const [role, qids] of [
      ['developer', item.developers],
      ['publisher', item.publishers],
    ] as const) {
      for (const company_id of unique(qids.map((q) => ids.companyIds.get(q)).filter((c): c is number => c !== undefined))) companies.push({ game_id: gameId, company_id, role });
    }
    if (companies.length) await k.insertInto('game_companies').values(companies).onConflict((oc) => oc.doNothing()).execute();
  }

  // Aliases find the game under other names ("BG3", "TES V: Skyrim").
  const known = new Set((await k.selectFrom('alternative_names').select('name').where('game_id', '=', gameId).execute()).map((r) => r.name.toLowerCase()));
  const aliases = unique(item.aliases.filter((a) => a.toLowerCase() !== item.label!.toLowerCase() && !known.has(a.toLowerCase()))).slice(0, 20);
  if (aliases.length) await insertChunked(k, 'alternative_names', aliases.map((name) => ({ game_id: gameId, name })));

  const storeIds = [
    ...item.steam.map((uid) => ({ source: 'steam', uid })),
    ...item.gog.map((uid) => ({ source: 'gog', uid })),
    ...item.mobygames.map((uid) => ({ source: 'mobygames', uid })),
  ];
  await k.deleteFrom('game_store_ids').where('game_id', '=', gameId).execute();
  for (const { source, uid } of storeIds) {
    // A store id belongs to one game: Wikidata moving it moves it here.
    await k.deleteFrom('game_store_ids').where('source', '=', source).where('uid', '=', uid).execute();
  }
  if (storeIds.length) await k.insertInto('game_store_ids').values(storeIds.map((s) => ({ ...s, game_id: gameId }))).execute();
}

/** Our genre and theme ids for each Wikidata genre: IGDB's where its label maps to one, else a genre of its own (created once). */
async function genresFor(k: K, qids: string[], labels: Map<string, string>): Promise<Map<string, { genres: number[]; themes: number[] }>> {
  const verdicts = qids.flatMap((q) => {
    const label = labels.get(q);
    return label ? [{ q, label, ...classifyGenre(label) }] : [];
  });
  const own = verdicts.filter((v) => v.genres.length === 0 && v.themes.length === 0).map((v) => ({ ...v, slug: slugify(v.label.replace(/\s+(video\s+)?game$/i, '')) }));
  const genreSlugs = unique([...verdicts.flatMap((v) => v.genres), ...own.map((o) => o.slug)].filter(Boolean));
  const themeSlugs = unique(verdicts.flatMap((v) => v.themes));
  const genres = new Map(
    (genreSlugs.length ? await k.selectFrom('genres').select(['id', 'slug']).where('slug', 'in', padded(genreSlugs)).execute() : []).map((g) => [g.slug, g.id]),
  );
  for (const o of own) {
    if (!o.slug || genres.has(o.slug)) continue;
    const name = o.label.charAt(0).toUpperCase() + o.label.slice(1).replace(/\s+(video\s+)?game$/i, '');
    const row = await k.insertInto('genres').values({ igdb_id: null, slug: o.slug.slice(0, 120), name: name.slice(0, 200) }).onConflict((oc) => oc.column('slug').doNothing()).returning('id').executeTakeFirst();
    const id = row?.id ?? (await k.selectFrom('genres').select('id').where('slug', '=', o.slug).executeTakeFirstOrThrow()).id;
    genres.set(o.slug, id);
  }
  const themes = new Map(
    (themeSlugs.length ? await k.selectFrom('themes').select(['id', 'slug']).where('slug', 'in', padded(themeSlugs)).execute() : []).map((t) => [t.slug, t.id]),
  );
  const result = new Map<string, { genres: number[]; themes: number[] }>();
  for (const v of verdicts) {
    const ownSlug = own.find((o) => o.q === v.q)?.slug;
    const genreIds = [...v.genres, ...(ownSlug ? [ownSlug] : [])].map((s) => genres.get(s)).filter((id): id is number => id !== undefined);
    result.set(v.q, { genres: genreIds, themes: v.themes.map((s) => themes.get(s)).filter((id): id is number => id !== undefined) });
  }
  return result;
}

/** Our company ids by Wikidata Q-id: the company of the same slug (from the seed or IGDB), or a new one. */
async function companiesFor(k: K, qids: string[], labels: Map<string, string>): Promise<Map<string, number>> {
  const named = qids.flatMap((q) => {
    const label = labels.get(q);
    const slug = label ? slugify(label).slice(0, 120) : '';
    return slug ? [{ q, label: label!, slug }] : [];
  });
  const result = new Map<string, number>();
  if (named.length === 0) return result;
  const bySlug = new Map((await k.selectFrom('companies').select(['id', 'slug']).where('slug', 'in', padded(unique(named.map((n) => n.slug)))).execute()).map((c) => [c.slug, c.id]));
  for (const n of named) {
    let id = bySlug.get(n.slug);
    if (id === undefined) {
      const row = await k.insertInto('companies').values({ igdb_id: null, slug: n.slug, name: n.label.slice(0, 200) }).onConflict((oc) => oc.column('slug').doNothing()).returning('id').executeTakeFirst();
      id = row?.id ?? (await k.selectFrom('companies').select('id').where('slug', '=', n.slug).executeTakeFirstOrThrow()).id;
      bySlug.set(n.slug, id);
    }
    result.set(n.q, id);
  }
  return result;
}
