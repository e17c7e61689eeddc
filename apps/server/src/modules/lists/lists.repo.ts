import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { ListSort } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import type { Database, ListGamesTable, ListsTable } from '../../db/schema.js';
import { entryGameColumns, type Conn } from '../library/library.repo.js';

/** A list with its owner, as every presenter reads it. */
function listRows(db: Conn) {
  return db
    .selectFrom('lists as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.id',
      'l.user_id',
      'l.slug',
      'l.title',
      'l.description',
      'l.ranked',
      'l.is_public',
      'l.followers_only',
      'l.likes_count',
      'l.comments_count',
      'l.created_at',
      'l.updated_at',
      'l.hidden_at',
      'u.username',
      'u.avatar',
    ]);
}
type ListQuery = ReturnType<typeof listRows>;
export type ListRow = Awaited<ReturnType<ListQuery['executeTakeFirstOrThrow']>>;

/** Public lists of accounts in good standing that hold at least one game: what other people browse. */
const browsable = (q: ListQuery) =>
  q
    // Literals, not parameters: SQLite uses a partial index only for a condition it can see.
    .where('l.is_public', '=', sql.lit(1))
    .where('u.state', '=', sql.lit('active'))
    .where('l.hidden_at', 'is', null)
    // A private member's lists are their approved followers' only: never in Explore or on a game's page (audience module).
    .where('u.is_private', '=', sql.lit(0))
    .where((eb) => eb.exists(eb.selectFrom('list_games as lg').select('lg.list_id').whereRef('lg.list_id', '=', 'l.id')));

async function paged(rows: Promise<ListRow[]>, total: Promise<{ n: string | number | bigint } | undefined>) {
  const [found, count] = await Promise.all([rows, total]);
  return { rows: found, total: Number(count?.n ?? 0) };
}

/** A list's games in order, with what presenters need of each game (filtered by the caller). */
const itemRows = (db: Conn) =>
  db
    .selectFrom('list_games as lg')
    .innerJoin('games as g', 'g.id', 'lg.game_id')
    .select(['lg.game_id', 'lg.position', 'lg.note', 'lg.added_at', ...entryGameColumns])
    .orderBy('lg.position')
    .orderBy('lg.game_id');

export const listsRepo = {
  byId: (db: Conn, id: number) => listRows(db).where('l.id', '=', id).executeTakeFirst(),

  bySlug: (db: Conn, userId: number, slug: string) => listRows(db).where('l.user_id', '=', userId).where('l.slug', '=', slug).executeTakeFirst(),

  /** The same, by the owner's username key (read beside the owner's row). */
  bySlugOf: (db: Conn, ownerKey: string, slug: string) => listRows(db).where('u.username_key', '=', ownerKey).where('l.slug', '=', slug).executeTakeFirst(),

  /**
   * Holds the list's row until the transaction ends, so one list's games
   * change one request at a time (its size, positions and set are read
   * before they are written); false when the list is gone. FOR NO KEY
   * UPDATE, so likes and comments that merely point at the list are not
   * held up. SQLite serialises transactions anyway.
   */
  async lock(db: Pick<Db, 'dialect'>, trx: Transaction<Database>, listId: number): Promise<boolean> {
    const q = trx.selectFrom('lists').select('id').where('id', '=', listId);
    return (await (db.dialect === 'postgres' ? q.forNoKeyUpdate() : q).executeTakeFirst()) !== undefined;
  },

  countOf: async (db: Conn, userId: number) =>
    Number((await db.selectFrom('lists').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst())?.n ?? 0),

  /** Slugs of this member's lists that start with `base` (for a new, unique one). */
  slugsLike: async (db: Conn, userId: number, base: string) =>
    (await db.selectFrom('lists').select('slug').where('user_id', '=', userId).where('slug', 'like', `${base}%`).execute()).map((r) => r.slug),

  insert: (db: Conn, values: Insertable<ListsTable>) => db.insertInto('lists').values(values).returning('id').executeTakeFirstOrThrow(),

  update: (db: Conn, id: number, values: Updateable<ListsTable>) => db.updateTable('lists').set(values).where('id', '=', id).execute(),

  delete: async (db: Conn, id: number) => Number((await db.deleteFrom('lists').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

  /** A member's lists, last changed first; private ones only for their owner. */
  ofUser: (db: Conn, userId: number, f: { includePrivate: boolean; includeFollowers?: boolean; limit: number; offset: number }) =>
    paged(
      listRows(db)
        .where('l.user_id', '=', userId)
        .$if(!f.includePrivate, (q) => q.where('l.hidden_at', 'is', null))
        .$if(!f.includePrivate && !f.includeFollowers, (q) => q.where('l.is_public', '=', 1))
        // An approved follower also sees the lists for followers (audience module).
        .$if(!f.includePrivate && f.includeFollowers === true, (q) => q.where((eb) => eb.or([eb('l.is_public', '=', 1), eb('l.followers_only', '=', 1)])))
        .orderBy('l.updated_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      db
        .selectFrom('lists')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .$if(!f.includePrivate, (q) => q.where('hidden_at', 'is', null))
        .$if(!f.includePrivate && !f.includeFollowers, (q) => q.where('is_public', '=', 1))
        .$if(!f.includePrivate && f.includeFollowers === true, (q) => q.where((eb) => eb.or([eb('is_public', '=', 1), eb('followers_only', '=', 1)])))
        .executeTakeFirst(),
    ),

  /** Public lists holding the game, most liked first. */
  ofGame(db: Conn, gameId: number, f: { limit: number; offset: number }) {
    const holding = (q: ListQuery) => browsable(q).where((eb) => eb.exists(eb.selectFrom('list_games as g').select('g.list_id').whereRef('g.list_id', '=', 'l.id').where('g.game_id', '=', gameId)));
    return paged(
      holding(listRows(db)).orderBy('l.likes_count', 'desc').orderBy('l.id', 'desc').limit(f.limit).offset(f.offset).execute(),
      holding(listRows(db)).clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    );
  },

  /** Explore: public lists, most liked or newest first. */
  browse: (db: Conn, sort: ListSort, f: { limit: number; offset: number }) =>
    paged(
      browsable(listRows(db))
        .$if(sort === 'popular', (q) => q.orderBy('l.likes_count', 'desc'))
        .orderBy('l.id', 'desc')
        .limit(f.limit)
        .offset(f.offset)
        .execute(),
      browsable(listRows(db)).clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ),

  async gameCounts(db: Conn, listIds: number[]): Promise<Map<number, number>> {
    if (listIds.length === 0) return new Map();
    const rows = await db.selectFrom('list_games').select(['list_id', (eb) => eb.fn.countAll().as('n')]).where('list_id', 'in', listIds).groupBy('list_id').execute();
    return new Map(rows.map((r) => [r.list_id, Number(r.n)]));
  },

  /** The first `n` games of each list, in list order. */
  async previews(db: Conn, listIds: number[], n: number): Promise<Map<number, { name: string; slug: string; cover: string | null }[]>> {
    const out = new Map<number, { name: string; slug: string; cover: string | null }[]>();
    if (listIds.length === 0) return out;
    const rows = await db
      .with('ranked', (qb) =>
        qb
          .selectFrom('list_games')
          .select(['list_id', 'game_id', sql<number>`row_number() over (partition by list_id order by position, game_id)`.as('place')])
          .where('list_id', 'in', listIds),
      )
      .selectFrom('ranked as r')
      .innerJoin('games as g', 'g.id', 'r.game_id')
      .select(['r.list_id', 'g.name', 'g.slug', 'g.cover_image_id as cover'])
      .where('r.place', '<=', n)
      .orderBy('r.list_id')
      .orderBy('r.place')
      .execute();
    for (const row of rows) out.set(row.list_id, [...(out.get(row.list_id) ?? []), { name: row.name, slug: row.slug, cover: row.cover }]);
    return out;
  },

  /** Which of these lists hold the game. */
  async holding(db: Conn, listIds: number[], gameId: number): Promise<Set<number>> {
    if (listIds.length === 0) return new Set();
    const rows = await db.selectFrom('list_games').select('list_id').where('game_id', '=', gameId).where('list_id', 'in', listIds).execute();
    return new Set(rows.map((r) => r.list_id));
  },

  /** A list's games, in order, with what presenters need of each game. */
  items: (db: Conn, listId: number) => itemRows(db).where('lg.list_id', '=', listId).execute(),

  /** The same, of the list found by its owner's username key and its slug: read beside the owner's and the list's rows (none if there is no such list). */
  itemsBySlug: (db: Conn, ownerKey: string, slug: string) =>
    itemRows(db)
      .where('lg.list_id', '=', (eb) =>
        eb.selectFrom('lists as l').innerJoin('users as u', 'u.id', 'l.user_id').select('l.id').where('u.username_key', '=', ownerKey).where('l.slug', '=', slug),
      )
      .execute(),

  gameIds: async (db: Conn, listId: number) =>
    (await db.selectFrom('list_games').select('game_id').where('list_id', '=', listId).execute()).map((r) => r.game_id),

  item: (db: Conn, listId: number, gameId: number) =>
    db.selectFrom('list_games').selectAll().where('list_id', '=', listId).where('game_id', '=', gameId).executeTakeFirst(),

  /** The list's size and the position after its last game. */
  async sizeAndEnd(db: Conn, listId: number) {
    const row = await db
      .selectFrom('list_games')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('position').as('last')])
      .where('list_id', '=', listId)
      .executeTakeFirst();
    return { size: Number(row?.n ?? 0), next: Number(row?.last ?? 0) + 1 };
  },

  insertGames: (db: Conn, values: Insertable<ListGamesTable>[]) => db.insertInto('list_games').values(values).execute(),

  setNote: (db: Conn, listId: number, gameId: number, note: string | null) =>
    db.updateTable('list_games').set({ note }).where('list_id', '=', listId).where('game_id', '=', gameId).execute(),

  removeGame: async (db: Conn, listId: number, gameId: number) =>
    Number((await db.deleteFrom('list_games').where('list_id', '=', listId).where('game_id', '=', gameId).executeTakeFirst()).numDeletedRows) > 0,

  /** Positions 1..n in the order given, in one statement. */
  async setOrder(db: Conn, listId: number, gameIds: number[]) {
    if (gameIds.length === 0) return;
    const cases = sql.join(
      // Literals (whole numbers only): PostgreSQL would type bare parameters in a CASE as text.
      gameIds.map((id, i) => sql`when ${sql.lit(Math.trunc(id))} then ${sql.lit(i + 1)}`),
      sql` `,
    );
    await db
      .updateTable('list_games')
      .set({ position: sql<number>`case game_id ${cases} end` })
      .where('list_id', '=', listId)
      .where('game_id', 'in', gameIds)
      .execute();
  },

  touch: (db: Conn, listId: number, at: number) => db.updateTable('lists').set({ updated_at: at }).where('id', '=', listId).execute(),
};
