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
const IDS_PER_QUERY = 500;

export function createGameFacts(db: Kysely<Database>, now: () => number = Date.now, max = FACTS_MAX_GAMES) {
  const kept = new Map<number, { facts: GameFacts; at: number }>();
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
      for (let i = 0; i < missing.length; i += IDS_PER_QUERY) {
        const chunk = missing.slice(i, i + IDS_PER_QUERY);
        const [games, genres] = await Promise.all([statsRepo.gameFacts(db, chunk), statsRepo.gameGenres(db, chunk)]);
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
          out.set(g.id, facts);
        }
      }
      while (kept.size > max) kept.delete(kept.keys().next().value!);
      return out;
    },
  };
}

export type GameFactsCache = ReturnType<typeof createGameFacts>;
