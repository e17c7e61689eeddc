import type { Db } from '../db/database.js';
import { browseGameIds } from '../modules/catalog/catalog.repo.js';
import { classifyGame } from './seed-demo.kinds.js';
import { DEMO_PERSONAS, demoWriter, type GameFacts } from './seed-demo.text.js';

// What the demo people play, when, and how they liked it: decided up front from a seeded generator.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The most popular games the demo people pick from; fewer than MIN_GAMES is not enough for 15 each. */
const GAME_POOL = 60;
export const MIN_GAMES = 20;
/** Per account: what each kind of entry becomes (all four statuses of SPEC §3). */
const ENTRY_KINDS = { beaten: 6, abandoned: 2, playing: 3, wishlist: 4 } as const;
const REVIEWS = 25;
const LONG_REVIEWS = 6;

export interface DemoGame {
  slug: string;
  facts: GameFacts;
  platforms: string[];
}

type EntryKind = keyof typeof ENTRY_KINDS;

export interface PlannedEntry {
  person: number;
  game: DemoGame;
  kind: EntryKind;
  /** Added to the library (and started, unless only wanted). */
  addedAt: number;
  /** Finished or given up, with the rating and maybe a review. */
  doneAt: number | null;
  rating: number | null;
  favourite: boolean;
  review: string | null;
  long: boolean;
  replayAt: number | null;
  playedAt: number | null;
}

/** A small seeded generator (xorshift32), so the demo is the same on every run over the same catalog. */
export function randomSource(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    let x = state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    state = x >>> 0;
    return state / 0x1_0000_0000;
  };
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    between: (from: number, to: number) => Math.round(from + next() * (to - from)),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    shuffle,
  };
}
export type Random = ReturnType<typeof randomSource>;

const clampRating = (n: number) => Math.max(1, Math.min(10, n));
/** The catalog's most popular games, with their platforms (most played first). */
export async function popularGames(db: Db): Promise<DemoGame[]> {
  const k = db.kysely;
  const { ids } = await browseGameIds(k, db.dialect, { sort: 'popularity', limit: GAME_POOL, offset: 0 }, { count: false });
  if (ids.length === 0) return [];
  const [rows, platforms, genres, themes] = await Promise.all([
    k.selectFrom('games').select(['id', 'slug', 'name', 'release_year', 'first_release_date']).where('id', 'in', ids).execute(),
    k
      .selectFrom('game_platforms as gp')
      .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
      .select(['gp.game_id', 'p.slug', 'p.name'])
      .where('gp.game_id', 'in', ids)
      .orderBy('gp.popularity', 'desc')
      .orderBy('p.games_count', 'desc')
      .orderBy('p.slug')
      .execute(),
    // What the reviews may talk about (the embedded catalog has none: its games get texts that claim nothing).
    k.selectFrom('game_genres as gg').innerJoin('genres as g', 'g.id', 'gg.genre_id').select(['gg.game_id', 'g.slug']).where('gg.game_id', 'in', ids).execute(),
    k.selectFrom('game_themes as gt').innerJoin('themes as t', 't.id', 'gt.theme_id').select(['gt.game_id', 't.slug']).where('gt.game_id', 'in', ids).execute(),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = platforms.filter((p) => p.game_id === id);
    const year = row.first_release_date !== null ? new Date(Number(row.first_release_date) * 1000).getUTCFullYear() : row.release_year;
    const kind = classifyGame({
      name: row.name,
      genres: genres.filter((g) => g.game_id === id).map((g) => g.slug),
      themes: themes.filter((t) => t.game_id === id).map((t) => t.slug),
    });
    return [{ slug: row.slug, platforms: own.map((p) => p.slug), facts: { name: row.name, platform: own[0]?.name ?? null, year, kind } }];
  });
}

/** Who plays what, when, and how they liked it; the reviews go to a random 25 of the finished games. */
export function planEntries(games: DemoGame[], random: Random, start: number, end: number): PlannedEntry[] {
  const perPerson = Object.values(ENTRY_KINDS).reduce((a, b) => a + b, 0);
  const kinds = Object.entries(ENTRY_KINDS).flatMap(([kind, n]) => Array.from({ length: n }, () => kind as EntryKind));
  const entries: PlannedEntry[] = [];
  for (const [person, persona] of DEMO_PERSONAS.entries()) {
    const mine = random.shuffle(games).slice(0, perPerson);
    let favourites = 0;
    let replays = 0;
    for (const [i, game] of mine.entries()) {
      const kind = kinds[i]!;
      const finishes = kind === 'beaten' || kind === 'abandoned';
      // Finished games were started at least two weeks ago, so the finish (2–14 days later) is in the past.
      const addedAt = random.between(start, finishes ? end - 16 * DAY : end - HOUR);
      const doneAt = finishes ? addedAt + random.between(2 * DAY, 14 * DAY) : null;
      const rating = kind === 'beaten' ? clampRating(random.int(6, 10) + persona.bias) : kind === 'abandoned' ? clampRating(random.int(2, 6) + persona.bias) : null;
      const favourite = kind === 'beaten' && rating !== null && rating >= 9 && favourites < 2;
      if (favourite) favourites += 1;
      const replay = kind === 'beaten' && doneAt !== null && doneAt < end - 10 * DAY && replays < 1 && random.chance(0.5);
      if (replay) replays += 1;
      entries.push({
        person,
        game,
        kind,
        addedAt,
        doneAt,
        rating,
        favourite,
        review: null,
        long: false,
        replayAt: replay ? random.between(doneAt! + 6 * DAY, end - DAY) : null,
        playedAt: kind === 'playing' && random.chance(0.6) ? Math.min(end, addedAt + random.between(HOUR, 5 * DAY)) : null,
      });
    }
  }
  const finished = random.shuffle(entries.filter((e) => e.doneAt !== null)).slice(0, REVIEWS);
  const writer = demoWriter(random);
  for (const [i, entry] of finished.entries()) {
    entry.long = i < LONG_REVIEWS && entry.kind === 'beaten';
    entry.review = entry.long ? writer.longReview(entry.game.facts, entry.rating) : writer.shortReview(entry.game.facts, entry.rating, entry.kind === 'abandoned');
  }
  return entries;
}
