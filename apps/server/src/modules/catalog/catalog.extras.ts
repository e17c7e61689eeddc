import type { Kysely } from 'kysely';
import { NO_GAME_DETAILS, STORE_WEBSITE_KINDS, type GamePageDetails, type VersionRelation } from '@vgl/shared';
import type { Database } from '../../db/schema.js';
import type { GameDetailsData } from '../igdb/igdb.details.js';
import { gameCards } from './catalog.repo.js';
import { presentGameCard } from './catalog.presenter.js';

type K = Kysely<Database>;

/** IGDB's game types of versions of a game (see igdb.types.ts GAME_TYPES). */
const VERSION_OF_TYPE: Readonly<Record<number, VersionRelation>> = { 4: 'standalone', 8: 'remake', 9: 'remaster', 10: 'expanded', 11: 'port', 12: 'fork' };
const MAX_VERSIONS = 24;

/** Catalog game ids by IGDB id, in the order of `igdbIds`. */
async function idsByIgdb(k: K, igdbIds: number[]): Promise<number[]> {
  if (igdbIds.length === 0) return [];
  const rows = await k.selectFrom('games').select(['id', 'igdb_id']).where('igdb_id', 'in', igdbIds).execute();
  const byIgdb = new Map(rows.map((r) => [r.igdb_id!, r.id]));
  return igdbIds.map((i) => byIgdb.get(i)).filter((id): id is number => id !== undefined);
}

/**
 * The game page's IGDB details: storyline, images, modes, franchises,
 * releases per platform, links, age ratings, time to beat, similar games
 * that are in the catalog, and its other versions (its original; its
 * remakes, remasters and ports).
 */
export async function gameExtras(k: K, igdbId: number | null): Promise<GamePageDetails> {
  if (igdbId === null) return NO_GAME_DETAILS;
  const [row, ttb, children] = await Promise.all([
    k.selectFrom('game_details').selectAll().where('igdb_id', '=', igdbId).executeTakeFirst(),
    k.selectFrom('game_time_to_beat').select(['hastily', 'normally', 'completely', 'count']).where('igdb_id', '=', igdbId).executeTakeFirst(),
    k.selectFrom('game_details').select(['igdb_id', 'game_type']).where('parent_igdb_id', '=', igdbId).limit(MAX_VERSIONS).execute(),
  ]);
  const time_to_beat = ttb && (ttb.hastily || ttb.normally || ttb.completely) ? { ...ttb, count: Number(ttb.count) } : null;
  if (!row) return { ...NO_GAME_DETAILS, time_to_beat };
  const data = JSON.parse(row.data) as GameDetailsData;

  const releasePlatforms = [...new Set(data.releases.map((r) => r.platform))];
  const platforms = releasePlatforms.length
    ? new Map((await k.selectFrom('platforms').select(['igdb_id', 'name', 'slug']).where('igdb_id', 'in', releasePlatforms).execute()).map((p) => [p.igdb_id!, p]))
    : new Map<number, { name: string; slug: string }>();

  const parentRelation = row.parent_igdb_id !== null ? VERSION_OF_TYPE[row.game_type] : undefined;
  const versionIgdbIds = [
    ...(parentRelation ? [{ igdb: row.parent_igdb_id!, relation: 'original' as const }] : []),
    ...children.flatMap((c) => (VERSION_OF_TYPE[c.game_type] ? [{ igdb: c.igdb_id, relation: VERSION_OF_TYPE[c.game_type]! }] : [])),
  ];
  const [similarIds, versionIds] = await Promise.all([idsByIgdb(k, data.similar), idsByIgdb(k, versionIgdbIds.map((v) => v.igdb))]);
  const [similarCards, versionCards] = await Promise.all([gameCards(k, similarIds), gameCards(k, versionIds)]);
  const relationOf = new Map<number, VersionRelation>();
  const versionGames = await k.selectFrom('games').select(['id', 'igdb_id']).where('id', 'in', versionIds.length ? versionIds : [0]).execute();
  for (const g of versionGames) relationOf.set(g.id, versionIgdbIds.find((v) => v.igdb === g.igdb_id)!.relation);

  return {
    storyline: row.storyline,
    screenshots: data.screenshots,
    artworks: data.artworks,
    modes: data.modes,
    perspectives: data.perspectives,
    franchises: data.franchises,
    series: data.series,
    releases: data.releases.flatMap((r) => {
      const p = platforms.get(r.platform);
      return p ? [{ platform: p.name, platform_slug: p.slug, date: r.date, region: r.region }] : [];
    }),
    websites: data.websites.map((w) => ({ ...w, store: STORE_WEBSITE_KINDS.has(w.kind) })),
    age_ratings: data.age_ratings,
    time_to_beat,
    similar: similarCards.map(presentGameCard),
    versions: versionCards.map((c) => ({ ...presentGameCard(c), relation: relationOf.get(c.id) ?? 'port' })),
  };
}
