import type { Selectable } from 'kysely';
import type { GamesTable, PlatformsTable } from '../../db/schema.js';
import type { RELATED_ITEM_KINDS } from '@vgl/shared/schemas';
import type { GameCardRow, gameDetails, relatedItems } from './catalog.repo.js';

/** A game as lists return it (SPEC §3 "Game"): cover is the IGDB image id or null. */
export function presentGameCard(row: GameCardRow) {
  return {
    _id: String(row.id),
    id: row.id,
    name: row.name,
    slug: row.slug,
    cover: row.cover_image_id,
    first_release_date: row.first_release_date,
    release_year: row.release_year,
    rating: row.rating,
    platform: row.platform_name ?? null,
  };
}
export type GameCard = ReturnType<typeof presentGameCard>;

export function presentGame(row: Selectable<GamesTable>, details: Awaited<ReturnType<typeof gameDetails>>) {
  return {
    _id: String(row.id),
    id: row.id,
    name: row.name,
    slug: row.slug,
    summary: row.summary,
    cover: row.cover_image_id,
    first_release_date: row.first_release_date,
    release_year: row.release_year,
    rating: row.rating,
    rating_count: row.rating_count,
    source: row.source,
    platforms: details.platforms,
    genres: details.genres,
    themes: details.themes,
    publishers: details.companies.filter((c) => c.role === 'publisher').map(({ slug, name }) => ({ slug, name })),
    developers: details.companies.filter((c) => c.role === 'developer').map(({ slug, name }) => ({ slug, name })),
    alternative_names: details.altNames,
  };
}

export function presentPlatform(row: Pick<Selectable<PlatformsTable>, 'id' | 'slug' | 'name' | 'abbreviation' | 'alternative_name' | 'feat' | 'games_count'> & Partial<Selectable<PlatformsTable>>) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    abbreviation: row.abbreviation,
    alternative_name: row.alternative_name,
    feat: row.feat === 1,
    games_count: row.games_count,
    ...(row.category !== undefined
      ? { category: row.category, generation: row.generation ?? null, family: row.family ?? null, summary: row.summary ?? null }
      : {}),
  };
}

type RelatedItemKind = (typeof RELATED_ITEM_KINDS)[number];

/** A related item from Wikidata (wikidata.extras.ts). */
export interface RelatedItemRow {
  qid: string;
  kind: string;
  name: string;
  first_release_date: number | null;
}
const RELATED_ORDER: string[] = ['edition', 'expansion', 'dlc', 'episode', 'season', 'bundle', 'pack', 'update', 'mod'];

/** A game's related items as the game page lists them: by kind (editions first), then by release. */
export function presentRelatedItems(rows: Awaited<ReturnType<typeof relatedItems>>, fromWikidata: RelatedItemRow[] = []) {
  return [
    ...rows.map((r) => ({
      kind: r.kind as RelatedItemKind,
      name: r.name,
      igdb_id: r.igdb_id as number | null,
      slug: r.slug,
      url: `https://www.igdb.com/games/${encodeURIComponent(r.slug)}`,
      cover: r.cover_image_id,
      first_release_date: r.first_release_date,
    })),
    ...fromWikidata.map((r) => ({ ...r, kind: r.kind as RelatedItemKind, igdb_id: null, slug: r.qid, url: `https://www.wikidata.org/wiki/${r.qid}`, cover: null })),
  ]
    .sort((a, b) => RELATED_ORDER.indexOf(a.kind) - RELATED_ORDER.indexOf(b.kind));
}
