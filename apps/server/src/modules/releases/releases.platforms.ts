import type { Conn } from '../library/library.repo.js';
import type { GameDetailsData } from '../igdb/igdb.details.js';
import type { WikidataItemData } from '../wikidata/wikidata.store.js';
import { memberPlatformsRepo } from '../member-platforms/member-platforms.repo.js';

/** Wikidata's precision of a day (9 year, 10 month): a year's or month's first day is not a release day. */
const DAY_PRECISION = 11;

/** A game's release on one platform: our platform id and its day (unix seconds), or null when announced undated. */
export interface PlatformRelease {
  platformId: number;
  date: number | null;
}

/** What a game's release means to one member. */
export interface MemberRelease {
  /** The release day that counts for them, or null when none is known. */
  date: number | null;
  /** Our id of their platform the date is on, when they named platforms and the date is one platform's. */
  platformId: number | null;
  /** They named platforms and the game is not known to come on any of them. */
  off: boolean;
}

export interface GameReleaseFacts {
  firstReleaseDate: number | null;
  /** Our ids of the platforms the catalog lists the game on (game_platforms). */
  platformIds: number[];
  releases: PlatformRelease[];
}

/**
 * Which release of a game counts for a member: with no platforms named, its
 * first release (as before owned platforms existed); otherwise the earliest
 * dated release on one of theirs. A game whose per-platform releases are
 * known but none dated on theirs has no date for them yet; one not on any
 * of their platforms is "off". Without per-platform dates (a catalog file,
 * a submitted game) the first release is all there is.
 */
export function releaseFor(owned: ReadonlySet<number>, game: GameReleaseFacts): MemberRelease {
  if (owned.size === 0) return { date: game.firstReleaseDate, platformId: null, off: false };
  const onTheirs = game.releases.filter((r) => owned.has(r.platformId));
  const dated = onTheirs.filter((r) => r.date !== null).sort((a, b) => a.date! - b.date! || a.platformId - b.platformId)[0];
  if (dated) return { date: dated.date, platformId: dated.platformId, off: false };
  const listedOnTheirs = onTheirs.length > 0 || game.platformIds.some((p) => owned.has(p));
  const anyPlatformKnown = game.releases.length > 0 || game.platformIds.length > 0;
  if (!listedOnTheirs && anyPlatformKnown) return { date: null, platformId: null, off: true };
  if (game.releases.some((r) => r.date !== null)) return { date: null, platformId: null, off: false };
  return { date: game.firstReleaseDate, platformId: null, off: false };
}

/**
 * Per-platform releases of these games, as the game page shows them: IGDB's
 * (game_details, platforms by IGDB id) where the game has them, else
 * Wikidata's known to the day. Keyed by our game id.
 */
export async function platformReleases(db: Conn, games: { id: number; igdb_id: number | null }[]): Promise<Map<number, PlatformRelease[]>> {
  const out = new Map<number, PlatformRelease[]>();
  if (games.length === 0) return out;
  const igdbIds = games.flatMap((g) => (g.igdb_id === null ? [] : [g.igdb_id]));
  const details = igdbIds.length ? await db.selectFrom('game_details').select(['igdb_id', 'data']).where('igdb_id', 'in', igdbIds).execute() : [];
  const igdbReleases = new Map(details.map((d) => [d.igdb_id, (JSON.parse(d.data) as GameDetailsData).releases]));
  const igdbPlatforms = [...new Set([...igdbReleases.values()].flatMap((rs) => rs.map((r) => r.platform)))];
  const ourIdOf = new Map(
    (igdbPlatforms.length ? await db.selectFrom('platforms').select(['id', 'igdb_id']).where('igdb_id', 'in', igdbPlatforms).execute() : []).map((p) => [p.igdb_id!, p.id]),
  );
  for (const g of games) {
    const releases = (g.igdb_id === null ? undefined : igdbReleases.get(g.igdb_id)) ?? [];
    const ours = releases.flatMap((r) => (ourIdOf.has(r.platform) ? [{ platformId: ourIdOf.get(r.platform)!, date: r.date }] : []));
    if (ours.length) out.set(g.id, ours);
  }
  const open = games.filter((g) => !out.has(g.id)).map((g) => g.id);
  if (open.length) {
    const items = await db.selectFrom('wikidata_items').select(['game_id', 'data']).where('game_id', 'in', open).where('kind', '=', 'game').execute();
    for (const item of items) {
      const releases = (JSON.parse(item.data) as WikidataItemData).releases.map((r) => ({ platformId: r.platform, date: r.precision >= DAY_PRECISION ? r.date : null }));
      if (releases.length) out.set(item.game_id!, releases);
    }
  }
  return out;
}

/** The platforms the catalog lists each game on. */
export async function gamePlatformIds(db: Conn, gameIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (gameIds.length === 0) return out;
  for (const row of await db.selectFrom('game_platforms').select(['game_id', 'platform_id']).where('game_id', 'in', gameIds).execute()) {
    out.set(row.game_id, [...(out.get(row.game_id) ?? []), row.platform_id]);
  }
  return out;
}

/** Everything releaseFor needs for a set of games and their members: facts per game, owned platforms per member, platform names. */
export async function releaseContext(db: Conn, games: { id: number; igdb_id: number | null; first_release_date: number | null }[], userIds: number[]) {
  const unique = [...new Map(games.map((g) => [g.id, g])).values()];
  const [releases, listed, owned] = await Promise.all([
    platformReleases(db, unique),
    gamePlatformIds(db, unique.map((g) => g.id)),
    memberPlatformsRepo.ownedBy(db, [...new Set(userIds)]),
  ]);
  const ownedIds = [...new Set([...owned.values()].flatMap((s) => [...s]))];
  const names = new Map(
    (ownedIds.length ? await db.selectFrom('platforms').select(['id', 'name']).where('id', 'in', ownedIds).execute() : []).map((p) => [p.id, p.name]),
  );
  const facts = (g: { id: number; first_release_date: number | null }): GameReleaseFacts => ({
    firstReleaseDate: g.first_release_date === null ? null : Number(g.first_release_date),
    platformIds: listed.get(g.id) ?? [],
    releases: releases.get(g.id) ?? [],
  });
  return {
    /** The release that counts for this member. */
    releaseOf: (userId: number, game: { id: number; first_release_date: number | null }) => releaseFor(owned.get(userId) ?? new Set(), facts(game)),
    platformName: (id: number | null) => (id === null ? null : (names.get(id) ?? null)),
    namedAny: (userId: number) => (owned.get(userId)?.size ?? 0) > 0,
  };
}
