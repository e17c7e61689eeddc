import { slugify } from '@vgl/shared';
import type { Kysely } from 'kysely';
import type { Database, GameSource } from '../../db/schema.js';
import { mergeKey } from '../catalog/catalog.seed.js';
import { padded } from './wikidata.lists.js';
import type { WikidataItem } from './wikidata.parse.js';

type K = Kysely<Database>;

/** How a Wikidata game meets the catalog: a game of its own, or one it completes. */
export type Placement =
  | { kind: 'own'; gameId: number | null }
  /** A game from the embedded catalog or an import: Wikidata adds what it knows. */
  | { kind: 'enrich'; gameId: number }
  /** An IGDB game: IGDB stays the primary source, Wikidata fills only what it lacks. */
  | { kind: 'fill'; gameId: number };

export interface ItemFacts {
  item: WikidataItem;
  /** Our platform ids of the item's platforms. */
  platformIds: number[];
  releaseYear: number | null;
}

/** Sources a Wikidata item may complete; members' own submissions are merged by their module, not here. */
const MATCHABLE: GameSource[] = ['mame', 'igdb', 'import', 'wikidata'];

interface Candidate {
  id: number;
  name: string;
  slug: string;
  source: GameSource;
  release_year: number | null;
  igdb_id: number | null;
}

/**
 * Where each game item of a batch goes: the game it was linked to when
 * first seen (links never move: members' entries stay where they are), else
 * an IGDB game Wikidata names (its IGDB slug, or its Steam app id through
 * IGDB's store ids), else a game of the same title and year on a shared
 * platform that no other Wikidata item has taken, else a game of its own.
 */
export async function placeItems(k: K, facts: ItemFacts[]): Promise<Map<string, Placement>> {
  const placements = new Map<string, Placement>();
  if (facts.length === 0) return placements;
  const qids = facts.map((f) => f.item.qid);
  const linked = new Map(
    (await k.selectFrom('wikidata_items').select(['qid', 'game_id']).where('qid', 'in', padded(qids)).execute()).map((r) => [r.qid, r.game_id]),
  );
  const sourceOf = new Map<number, GameSource>();
  const linkedIds = [...linked.values()].filter((id): id is number => id !== null);
  if (linkedIds.length) for (const g of await k.selectFrom('games').select(['id', 'source']).where('id', 'in', padded(linkedIds)).execute()) sourceOf.set(g.id, g.source);

  // The game an item was linked to, while that game still exists.
  const linkedGame = (qid: string) => {
    const id = linked.get(qid);
    return typeof id === 'number' && sourceOf.has(id) ? id : undefined;
  };
  const open = facts.filter((f) => linkedGame(f.item.qid) === undefined);
  for (const f of facts) {
    const id = linkedGame(f.item.qid);
    if (id !== undefined) placements.set(f.item.qid, placementFor(sourceOf.get(id)!, id));
  }
  if (open.length === 0) return placements;

  // IGDB games by the slug Wikidata gives (P5794) or the Steam app id IGDB lists for them.
  const igdbSlugs = [...new Set(open.flatMap((f) => f.item.igdbSlugs))];
  const steamIds = [...new Set(open.flatMap((f) => f.item.steam))];
  const bySlug = new Map<string, Candidate>();
  if (igdbSlugs.length) {
    for (const g of await candidates(k).where('slug', 'in', padded(igdbSlugs)).where('igdb_id', 'is not', null).execute()) bySlug.set(g.slug, g);
  }
  const bySteam = new Map<string, Candidate>();
  if (steamIds.length) {
    const rows = await candidates(k)
      .innerJoin('game_external_ids as x', 'x.game_igdb_id', 'games.igdb_id')
      .select('x.uid')
      .where('x.source', '=', 'steam')
      .where('x.uid', 'in', padded(steamIds))
      .execute();
    for (const r of rows) bySteam.set(r.uid, r);
  }

  // Games of the same title: by name, or by the slug a name gives (the seed's names may differ in case or punctuation).
  const names = [...new Set(open.flatMap((f) => (f.item.label ? [f.item.label] : [])))];
  const slugs = [...new Set(names.map(slugify).filter(Boolean))];
  const byKey = new Map<string, Candidate[]>();
  if (names.length) {
    const rows = await candidates(k)
      .where((eb) => eb.or([eb('name', 'in', padded(names)), eb('slug', 'in', padded(slugs))]))
      .execute();
    for (const g of rows) byKey.set(mergeKey(g.name), [...(byKey.get(mergeKey(g.name)) ?? []), g]);
  }
  const titled = [...byKey.values()].flat().map((g) => g.id);
  const platformsOf = new Map<number, Set<number>>();
  if (titled.length) {
    for (const r of await k.selectFrom('game_platforms').select(['game_id', 'platform_id']).where('game_id', 'in', padded(titled)).execute()) {
      platformsOf.set(r.game_id, (platformsOf.get(r.game_id) ?? new Set()).add(r.platform_id));
    }
  }

  // A game another Wikidata item already completes is not taken again (two items, two games).
  const candidateIds = [...new Set([...bySlug.values(), ...bySteam.values()].map((g) => g.id).concat(titled))];
  const taken = new Set(linkedIds);
  if (candidateIds.length) {
    for (const r of await k.selectFrom('wikidata_items').select('game_id').where('game_id', 'in', padded(candidateIds)).where('qid', 'not in', padded(qids)).execute()) taken.add(r.game_id!);
  }

  for (const f of open) {
    const viaIgdb = [...f.item.igdbSlugs.map((s) => bySlug.get(s)), ...f.item.steam.map((s) => bySteam.get(s))].find(
      (g): g is Candidate => g !== undefined && !taken.has(g.id),
    );
    const sameTitle = f.item.label ? bestTitleMatch(byKey.get(mergeKey(f.item.label)) ?? [], f, platformsOf, taken) : undefined;
    const match = viaIgdb ?? sameTitle;
    if (match) {
      taken.add(match.id);
      placements.set(f.item.qid, placementFor(match.source, match.id));
    } else placements.set(f.item.qid, { kind: 'own', gameId: null });
  }
  return placements;
}

const placementFor = (source: GameSource, gameId: number): Placement =>
  source === 'wikidata' ? { kind: 'own', gameId } : source === 'igdb' ? { kind: 'fill', gameId } : { kind: 'enrich', gameId };

const candidates = (k: K) =>
  k.selectFrom('games').select(['games.id', 'games.name', 'games.slug', 'games.source', 'games.release_year', 'games.igdb_id']).where('games.source', 'in', MATCHABLE);

/**
 * One game, one entry: the same title is the same game when the years agree
 * (within a year: regions and platforms differ) and they share a platform;
 * a side that knows no year, or no platform, leaves that test to the other.
 */
function bestTitleMatch(games: Candidate[], f: ItemFacts, platformsOf: Map<number, Set<number>>, taken: Set<number>): Candidate | undefined {
  let best: { game: Candidate; score: number } | undefined;
  for (const game of games) {
    if (taken.has(game.id)) continue;
    const theirs = platformsOf.get(game.id) ?? new Set<number>();
    const yearKnown = game.release_year !== null && f.releaseYear !== null;
    const platformsKnown = theirs.size > 0 && f.platformIds.length > 0;
    if (!yearKnown && !platformsKnown) continue;
    if (yearKnown && Math.abs(game.release_year! - f.releaseYear!) > 1) continue;
    const shared = f.platformIds.filter((p) => theirs.has(p)).length;
    if (platformsKnown && shared === 0) continue;
    const score = shared * 10 - (yearKnown ? Math.abs(game.release_year! - f.releaseYear!) : 2);
    if (!best || score > best.score) best = { game, score };
  }
  return best?.game;
}
