import { SqliteAdapter, sql } from 'kysely';
import type { LibraryShelf, LibrarySort } from '@vgl/shared';
import { prepared, preparedByShape, preparedFirst, preparedRowWrites } from '../../db/prepared.js';

export { entryGameColumns, type Conn } from './library.columns.js';
import { entryGameColumns, entryRows, type Conn } from './library.columns.js';
import { diaryRepo } from './library.diary.repo.js';
import { countEntries, onShelf } from './library.counts.js';
import { reviewsRepo } from './library.reviews.repo.js';

/** What only the entry's owner reads (library.policy 'readPrivate'): kept out of entryRows, which every public answer reads. */
const privateEntryColumns = ['e.notes', 'e.playtime_minutes', 'e.playtime_source', 'e.completion'] as const;

/** Entries' platform slugs, alphabetical. */
const entryPlatforms = (db: Conn) =>
  db.selectFrom('library_entry_platforms as lp').innerJoin('platforms as p', 'p.id', 'lp.platform_id').select(['lp.entry_id', 'p.slug']).orderBy('p.slug');
/** The platforms of one entry (the entry page, every write to an entry): compiled once. */
const platformsOfEntry = prepared((db, v: { entryId: number }) => entryPlatforms(db).where('lp.entry_id', '=', v.entryId));
const clearPlatforms = prepared((db, v: { entryId: number }) => db.deleteFrom('library_entry_platforms').where('entry_id', '=', v.entryId));

/** Most pages show at most this many entries: their platforms are read by a query prepared for their number. */
const PREPARED_PAGE = 100;
const platformsOfPage = preparedByShape((db, v: Record<string, number>, count: string) =>
  entryPlatforms(db).where('lp.entry_id', 'in', Array.from({ length: Number(count) }, (_, i) => v[`id${i}`]!)),
);

/** Every library PUT, diary line and import row writes an entry. */
const entryWrites = preparedRowWrites('library_entries');

/** Ratings of active members, by value: a game's (its page) and a member's (their profile). */
const ratedBy = (db: Conn) =>
  db
    .selectFrom('library_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.rating', (eb) => eb.fn.countAll().as('n')])
    .where('e.rating', 'is not', null)
    .where('u.state', '=', 'active');
const gameRatings = prepared((db, v: { gameId: number }) => ratedBy(db).where('e.game_id', '=', v.gameId).groupBy('e.rating'));
const memberRatings = prepared((db, v: { userId: number }) => ratedBy(db).where('e.user_id', '=', v.userId).groupBy('e.rating'));

/** A member's entry for a game, read by most library requests and every write to one: compiled once. */
const ownEntry = preparedFirst((db, v: { userId: number; gameId: number }) =>
  entryRows(db).select(privateEntryColumns).where('e.user_id', '=', v.userId).where('e.game_id', '=', v.gameId),
);

const entryWithId = preparedFirst((db, v: { id: number }) => entryRows(db).where('e.id', '=', v.id));
const favouritesOf = prepared((db, v: { userId: number }) =>
  entryRows(db).where('e.user_id', '=', v.userId).where('e.favourite_position', 'is not', null).orderBy('e.favourite_position'),
);
/** A page of a member's library: its sort, whether a status is asked for, and the shelf make its shape. */
type LibraryShape = `${LibrarySort}|${'status' | ''}|${LibraryShelf | ''}`;
/**
 * A library page's entries with only what it shows (presentLibraryGame): the game, status, rating, ownership and the
 * first platform, read in the same query. The whole entry with its author (entryRows) and every platform of every entry
 * in a second query (sorted in a temporary b-tree, all but the first thrown away) made this page cost 8× a game page.
 */
const libraryPage = preparedByShape((db, v: { userId: number; status?: number; limit: number; offset: number }, shape: LibraryShape) => {
  const [sort, status, shelf] = shape.split('|') as [LibrarySort, string, LibraryShelf | ''];
  const base = db
    .selectFrom('library_entries as e')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .select([
      'e.game_id',
      'e.rating',
      'e.status',
      'e.owned',
      ...entryGameColumns,
      // The first of the entry's platforms in slug order, as entryPlatforms lists them.
      (eb) =>
        eb
          .selectFrom('library_entry_platforms as lp')
          .innerJoin('platforms as p', 'p.id', 'lp.platform_id')
          .select((sub) => sub.fn.min('p.slug').as('slug'))
          .whereRef('lp.entry_id', '=', 'e.id')
          .as('first_platform'),
    ])
    .where('e.user_id', '=', v.userId)
    .$if(status === 'status', (q) => q.where('e.status', '=', v.status!))
    .$if(shelf !== '', (q) => q.where((eb) => onShelf(eb, shelf as LibraryShelf)));
  const sorted =
    sort === 'added'
      ? base.orderBy('e.created_at', 'desc')
      : sort === 'rating'
        ? base.orderBy((eb) => eb.fn.coalesce('e.rating', eb.lit(0)), 'desc').orderBy('e.updated_at', 'desc')
        : sort === 'name'
          ? base.orderBy('g.name')
          : sort === 'release'
            ? base.orderBy((eb) => eb.fn.coalesce('g.first_release_date', eb.lit(0)), 'desc')
            : base.orderBy('e.updated_at', 'desc');
  return sorted.orderBy('e.id', 'desc').limit(v.limit).offset(v.offset);
});

/** A profile's shelf counts, one pass over the member's entries. */
const shelfCounts = preparedFirst((db, v: { userId: number }) =>
  db
    .selectFrom('library_entries')
    .select((eb) => [
      eb.fn.countAll().as('games'),
      eb.fn.sum(eb.case().when('status', '=', 2).then(1).else(0).end()).as('beaten'),
      eb.fn.sum(eb.case().when(eb.and([eb('status', '=', 4), eb('owned', '=', 0)])).then(1).else(0).end()).as('wishlist'),
      eb.fn.sum(eb.case().when('status', '=', 4).then(1).else(0).end()).as('wantToPlay'),
      eb.fn.sum(eb.case().when('review', 'is not', null).then(1).else(0).end()).as('reviews'),
    ])
    .where('user_id', '=', v.userId),
);

/**
 * Games most added or rated since `since`, busiest first: the window's rows, read through the updated_at index, grouped
 * by game. Left to itself SQLite grouped by walking the game_id index and checked every entry's date (130–180 ms at
 * 235k entries); made to read the window first, it materialized it (7.8 ms for a soak's 19.6k rows) where reading the
 * index range straight into the grouping takes 4.3 ms. PostgreSQL plans the materialized form well.
 */
const gamesBusiestSince = prepared((db, v: { since: number; limit: number }) =>
  db.getExecutor().adapter instanceof SqliteAdapter
    ? {
        compile: () =>
          sql<{ game_id: number; n: number }>`select game_id, count(*) as n from library_entries indexed by library_entries_updated
            where updated_at >= ${v.since} group by game_id order by n desc, game_id limit ${v.limit}`.compile(db),
      }
    : db
        .with(
          (cte) => cte('recent').materialized(),
          (q) => q.selectFrom('library_entries').select('game_id').where('updated_at', '>=', v.since),
        )
        .selectFrom('recent')
        .select(['game_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('game_id')
        .orderBy('n', 'desc')
        .orderBy('game_id')
        .limit(v.limit),
);

/** A new entry's columns with nothing known yet; callers spread what they know over them. */
export const blankEntry = (userId: number, gameId: number, at: number) => ({
  user_id: userId,
  game_id: gameId,
  status: null,
  rating: null,
  review: null,
  review_slug: null,
  review_created_at: null,
  review_updated_at: null,
  started_on: null,
  finished_on: null,
  favourite_position: null,
  featured_position: null,
  owned: null,
  notes: null,
  playtime_minutes: null,
  playtime_source: null,
  completion: null,
  created_at: at,
  updated_at: at,
});

export const libraryRepo = {
  entryById: (db: Conn, id: number) => entryWithId(db, { id }),

  /** One member's entry for a game, with its private columns (the presenter decides who sees them). */
  entryOf: (db: Conn, userId: number, gameId: number) => ownEntry(db, { userId, gameId }),

  insertEntry: entryWrites.insert,

  updateEntry: entryWrites.update,

  deleteEntry: (db: Conn, id: number) => db.deleteFrom('library_entries').where('id', '=', id).execute(),

  async setPlatforms(db: Conn, entryId: number, platformIds: number[]) {
    await clearPlatforms(db, { entryId });
    if (platformIds.length > 0) {
      await db
        .insertInto('library_entry_platforms')
        .values(platformIds.map((platform_id) => ({ entry_id: entryId, platform_id })))
        .execute();
    }
  },

  /** Entry id → platform slugs, for a page of entries. */
  async platformsOf(db: Conn, entryIds: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (entryIds.length === 0) return out;
    const rows =
      entryIds.length === 1
        ? await platformsOfEntry(db, { entryId: entryIds[0]! })
        : entryIds.length <= PREPARED_PAGE
          ? await platformsOfPage(db, String(entryIds.length), Object.fromEntries(entryIds.map((id, i) => [`id${i}`, id])))
          : await entryPlatforms(db).where('lp.entry_id', 'in', entryIds).execute();
    for (const row of rows) out.set(row.entry_id, [...(out.get(row.entry_id) ?? []), row.slug]);
    return out;
  },

  platformIdsBySlug: (db: Conn, slugs: string[]) =>
    slugs.length === 0 ? Promise.resolve([]) : db.selectFrom('platforms').select(['id', 'slug']).where('slug', 'in', slugs).execute(),

  favouriteCount: (db: Conn, userId: number, exceptEntryId?: number) => countEntries(db, { userId, favourites: true, exceptEntryId }),

  nextFavouritePosition: async (db: Conn, userId: number) => {
    const row = await db
      .selectFrom('library_entries')
      .select((eb) => eb.fn.max('favourite_position').as('max'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  },

  /** Numbers the user's favourites 1..n again, in their order, after one left the list. */
  async compactFavourites(db: Conn, userId: number) {
    const rows = await db
      .selectFrom('library_entries')
      .select(['id', 'favourite_position'])
      .where('user_id', '=', userId)
      .where('favourite_position', 'is not', null)
      .orderBy('favourite_position')
      .orderBy('id')
      .execute();
    for (const [index, row] of rows.entries()) {
      if (row.favourite_position !== index + 1) await db.updateTable('library_entries').set({ favourite_position: index + 1 }).where('id', '=', row.id).execute();
    }
  },

  favourites: (db: Conn, userId: number) => favouritesOf(db, { userId }),

  async library(db: Conn, userId: number, f: { status?: number; shelf?: LibraryShelf; sort: LibrarySort; limit: number; offset: number }) {
    const shape: LibraryShape = `${f.sort}|${f.status === undefined ? '' : 'status'}|${f.shelf ?? ''}`;
    const [rows, total] = await Promise.all([
      libraryPage(db, shape, { userId, status: f.status, limit: f.limit, offset: f.offset }),
      countEntries(db, { userId, status: f.status, shelf: f.shelf }),
    ]);
    return { rows, total };
  },

  /** Counts of ratings 1..10 for a game or a user. */
  async ratingCounts(db: Conn, by: { gameId: number } | { userId: number }): Promise<number[]> {
    const rows = 'gameId' in by ? await gameRatings(db, by) : await memberRatings(db, by);
    const counts = Array.from({ length: 10 }, () => 0);
    for (const row of rows) if (row.rating && row.rating >= 1 && row.rating <= 10) counts[row.rating - 1] = Number(row.n);
    return counts;
  },

  async profileCounts(db: Conn, userId: number) {
    const row = await shelfCounts(db, { userId });
    const wishlist = Number(row?.wishlist ?? 0);
    return {
      games: Number(row?.games ?? 0),
      beaten: Number(row?.beaten ?? 0),
      backlog: Number(row?.wantToPlay ?? 0) - wishlist,
      wishlist,
      reviews: Number(row?.reviews ?? 0),
    };
  },

  /** Games most added or rated since `since`, busiest first (gamesBusiestSince). */
  busiestGames: async (db: Conn, since: number, limit: number) => (await gamesBusiestSince(db, { since, limit })).map((r) => r.game_id),

  // Reviews (library.reviews.repo.ts) and the diary (library.diary.repo.ts)
  ...reviewsRepo,
  ...diaryRepo,
};

export type EntryRow = NonNullable<Awaited<ReturnType<typeof libraryRepo.entryById>>>;
/** An entry with what only its owner sees (entryOf). */
export type OwnEntryRow = NonNullable<Awaited<ReturnType<typeof libraryRepo.entryOf>>>;
export type { DiaryFilter, DiaryRow } from './library.diary.repo.js';
