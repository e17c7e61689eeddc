import type { Insertable, Kysely } from 'kysely';
import { websiteKindOf, type GameWebsite } from '@vgl/shared';
import type { Database } from '../../db/schema.js';
import { EXTERNAL_SOURCES, type IgdbGame, type IgdbTimeToBeat } from './igdb.types.js';

type K = Kysely<Database>;

/** game_details.data: what the game page shows, as IGDB sent it (platforms and similar games by IGDB id). */
export interface GameDetailsData {
  screenshots: string[];
  artworks: string[];
  modes: string[];
  perspectives: string[];
  franchises: { slug: string; name: string }[];
  series: { slug: string; name: string }[];
  releases: { platform: number; date: number | null; region: string | null }[];
  websites: Omit<GameWebsite, 'store'>[];
  age_ratings: { organization: string; rating: string }[];
  similar: number[];
}

/** Caps that keep one record from bloating a page (IGDB has games with hundreds of screenshots). */
const MAX = { images: 24, releases: 60, websites: 30, similar: 12, names: 20 } as const;

const texts = (list: { name?: string }[] | undefined) => [...new Set((list ?? []).map((x) => x.name?.trim()).filter((x): x is string => Boolean(x)))].slice(0, MAX.names);
const images = (list: { image_id?: string }[] | undefined) => [...new Set((list ?? []).map((x) => x.image_id).filter((x): x is string => Boolean(x)))].slice(0, MAX.images);
const refs = (list: { name?: string; slug?: string }[] | undefined) =>
  (list ?? []).flatMap((x) => (x.name && x.slug ? [{ slug: x.slug, name: x.name }] : [])).slice(0, MAX.names);

export function detailsOf(g: IgdbGame): GameDetailsData {
  const websites = new Map<string, Omit<GameWebsite, 'store'>>();
  for (const w of g.websites ?? []) {
    const kind = w.url ? websiteKindOf(w.url, w.type) : null;
    if (kind && w.url && !websites.has(w.url)) websites.set(w.url, { kind, url: w.url.slice(0, 500) });
  }
  const releases = (g.release_dates ?? [])
    .filter((r) => typeof r.platform === 'number')
    .map((r) => ({ platform: r.platform!, date: r.date ?? null, region: r.release_region?.region ?? null }))
    .sort((a, b) => (a.date ?? Infinity) - (b.date ?? Infinity))
    .slice(0, MAX.releases);
  const ratings = (g.age_ratings ?? []).flatMap((a) =>
    a.organization?.name && a.rating_category?.rating ? [{ organization: a.organization.name, rating: a.rating_category.rating }] : [],
  );
  return {
    screenshots: images(g.screenshots),
    artworks: images(g.artworks),
    modes: texts(g.game_modes),
    perspectives: texts(g.player_perspectives),
    franchises: refs(g.franchises),
    series: refs(g.collections),
    releases,
    websites: [...websites.values()].slice(0, MAX.websites),
    age_ratings: ratings,
    similar: [...new Set(g.similar_games ?? [])].slice(0, MAX.similar),
  };
}

/** The game_details row of an IGDB game. */
export function detailsRowOf(g: IgdbGame, now: number): Insertable<Database['game_details']> {
  return {
    igdb_id: g.id,
    game_type: g.game_type ?? 0,
    parent_igdb_id: g.parent_game ?? null,
    storyline: g.storyline?.trim() || null,
    data: JSON.stringify(detailsOf(g)),
    updated_at: now,
  };
}

/** The ids a game has on the stores VGL reads (Steam, GOG). */
export function externalIdsOf(g: IgdbGame): Insertable<Database['game_external_ids']>[] {
  const seen = new Set<string>();
  return (g.external_games ?? []).flatMap((e) => {
    const source = e.external_game_source !== undefined ? EXTERNAL_SOURCES[e.external_game_source] : undefined;
    const uid = e.uid?.trim().slice(0, 100);
    if (!source || !uid || seen.has(`${source}:${uid}`)) return [];
    seen.add(`${source}:${uid}`);
    return [{ source, uid, game_igdb_id: g.id }];
  });
}

/** Saves IGDB's game_time_to_beats records by the game's IGDB id (the latest record of a game wins). */
export async function saveTimeToBeats(k: K, records: IgdbTimeToBeat[]): Promise<number> {
  const latest = new Map<number, IgdbTimeToBeat>();
  for (const r of records) if (r.game_id) latest.set(r.game_id, r);
  if (latest.size === 0) return 0;
  const seconds = (v: number | undefined) => (typeof v === 'number' && v > 0 ? Math.min(Math.round(v), 2_000_000_000) : null);
  await k.transaction().execute(async (trx) => {
    for (const [gameId, r] of latest) {
      const row = { hastily: seconds(r.hastily), normally: seconds(r.normally), completely: seconds(r.completely), count: r.count ?? 0, updated_at: r.updated_at ?? 0 };
      await trx
        .insertInto('game_time_to_beat')
        .values({ igdb_id: gameId, ...row })
        .onConflict((oc) => oc.column('igdb_id').doUpdateSet(row))
        .execute();
    }
  });
  return latest.size;
}
