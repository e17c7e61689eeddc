import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { GameFacts } from './stats.compute.js';
import { statsRepo } from './stats.repo.js';

/**
 * The catalog facts stats show of a game (name, slug, cover, year,
 * genres), kept per game for every member: a member who adds one game
 * makes one game's facts be read, not their whole library's. Catalog edits
 * move no member's counter, so facts are read again after an hour; at most
 * FACTS_MAX_GAMES games are kept, the oldest read first out.
 */
export const FACTS_MAX_GAMES = 100_000;
export const FACTS_MAX_AGE_MS = 60 * 60_000;
/** Ids per query: well under SQLite's and PostgreSQL's limits on bound values. */
const IDS_PER_QUERY = 1_000;

type FactsRow = Awaited<ReturnType<typeof statsRepo.gameFacts>>[number];
type GenreRow = Awaited<ReturnType<typeof statsRepo.gameGenres>>[number];

export function createGameFacts(db: Kysely<Database>, now: () => number = Date.now, max = FACTS_MAX_GAMES) {
  const kept = new Map<number, { facts: GameFacts; at: number }>();

  /** Keeps games' facts read at `at` (and adds them to `out`). */
  function keep(games: FactsRow[], genres: GenreRow[], at: number, out?: Map<number, GameFacts>) {
    const genresOf = new Map<number, { slug: string; name: string }[]>();
    for (const g of genres) {
      const list = genresOf.get(g.game_id);
      if (list) list.push({ slug: g.slug, name: g.name });
      else genresOf.set(g.game_id, [{ slug: g.slug, name: g.name }]);
    }
    for (const g of games) {
      const facts: GameFacts = { slug: g.slug, name: g.name, cover_image_id: g.cover_image_id, release_year: g.release_year, genres: genresOf.get(g.id) ?? [] };
      kept.delete(g.id);
      kept.set(g.id, { facts, at });
      out?.set(g.id, facts);
    }
    while (kept.size > max) kept.delete(kept.keys().next().value!);
  }

  return {
    /** The facts of these games; a game no longer in the catalog is simply missing. */
    async of(ids: number[]): Promise<Map<number, GameFacts>> {
      const at = now();
      const out = new Map<number, GameFacts>();
      const missing: number[] = [];
      for (const id of ids) {
        const hit = kept.get(id);
        if (hit && at - hit.at < FACTS_MAX_AGE_MS) out.set(id, hit.facts);
        else missing.push(id);
      }
      // The chunks at once: on PostgreSQL a heavy member's first view waits for one round trip, not one per 1,000 games.
      const chunks = Array.from({ length: Math.ceil(missing.length / IDS_PER_QUERY) }, (_, i) => missing.slice(i * IDS_PER_QUERY, (i + 1) * IDS_PER_QUERY));
      const read = await Promise.all(chunks.map((chunk) => Promise.all([statsRepo.gameFacts(db, chunk), statsRepo.gameGenres(db, chunk)])));
      for (const [games, genres] of read) keep(games, genres, at, out);
      return out;
    },

    /** Reads (and keeps) the facts of every game in the member's library: a first view's, beside its other reads. */
    async ofMember(userId: number): Promise<void> {
      const [games, genres] = await Promise.all([statsRepo.memberGameFacts(db, userId), statsRepo.memberGameGenres(db, userId)]);
      keep(games, genres, now());
    },
  };
}

export type GameFactsCache = ReturnType<typeof createGameFacts>;
