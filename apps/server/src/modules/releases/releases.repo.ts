import { PLAY_STATUS } from '@vgl/shared';
import type { Conn } from '../library/library.repo.js';
import type { ReleaseAlertsTable } from './releases.tables.js';

export type AlertState = ReleaseAlertsTable['state'];

/** The games members want ("want to play": the wishlist, owned 0, and the backlog), in active accounts. */
const wanted = (db: Conn) =>
  db
    .selectFrom('library_entries as e')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .where('e.status', '=', PLAY_STATUS.wantToPlay)
    .where('u.state', '=', 'active');

export const releasesRepo = {
  /** A page of wanted games with what their member was last told, by entry id (keyset paging). */
  wantedPage: (db: Conn, afterEntryId: number, limit: number) =>
    wanted(db)
      .leftJoin('release_alerts as ra', (join) => join.onRef('ra.user_id', '=', 'e.user_id').onRef('ra.game_id', '=', 'e.game_id'))
      .select(['e.id', 'e.user_id', 'e.game_id', 'g.name', 'g.igdb_id', 'g.first_release_date', 'ra.state', 'ra.announced_date'])
      .where('e.id', '>', afterEntryId)
      .orderBy('e.id')
      .limit(limit)
      .execute(),

  /** The first record of what a member knows: never an alert. False when another run recorded it first. */
  async record(db: Conn, userId: number, gameId: number, state: AlertState, date: number | null, at: number): Promise<boolean> {
    const result = await db
      .insertInto('release_alerts')
      .values({ user_id: userId, game_id: gameId, state, announced_date: date, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** Moves what a member knows from `from` to `to`: true for one caller only, whoever else runs at once. */
  async move(db: Conn, userId: number, gameId: number, from: { state: AlertState; date: number | null }, to: { state: AlertState; date: number | null }, at: number): Promise<boolean> {
    const result = await db
      .updateTable('release_alerts')
      .set({ state: to.state, announced_date: to.date, updated_at: at })
      .where('user_id', '=', userId)
      .where('game_id', '=', gameId)
      .where('state', '=', from.state)
      .where('announced_date', from.date === null ? 'is' : '=', from.date)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** A member's wanted games with a release date from `fromSeconds` on, by date. */
  datedWanted: (db: Conn, userId: number, fromSeconds: number, limit: number) =>
    wanted(db)
      .select(['g.id', 'g.igdb_id', 'g.slug', 'g.name', 'g.cover_image_id', 'g.first_release_date', 'e.owned'])
      .where('e.user_id', '=', userId)
      .where('g.first_release_date', '>=', fromSeconds)
      .orderBy('g.first_release_date')
      .orderBy('g.name')
      .limit(limit)
      .execute(),

  /** A member's wanted games first out between `fromSeconds` and `beforeSeconds`, latest first: ports to come of games out elsewhere. */
  outEarlierWanted: (db: Conn, userId: number, fromSeconds: number, beforeSeconds: number, limit: number) =>
    wanted(db)
      .select(['g.id', 'g.igdb_id', 'g.slug', 'g.name', 'g.cover_image_id', 'g.first_release_date', 'e.owned'])
      .where('e.user_id', '=', userId)
      .where('g.first_release_date', '>=', fromSeconds)
      .where('g.first_release_date', '<', beforeSeconds)
      .orderBy('g.first_release_date', 'desc')
      .limit(limit)
      .execute(),

  feedOwner: (db: Conn, tokenHash: string) =>
    db
      .selectFrom('calendar_feeds as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['u.id', 'u.username'])
      .where('f.token_hash', '=', tokenHash)
      .where('u.state', '=', 'active')
      .executeTakeFirst(),

  feedOf: (db: Conn, userId: number) => db.selectFrom('calendar_feeds').select(['created_at']).where('user_id', '=', userId).executeTakeFirst(),

  /** One feed per member: a new token replaces the old one, whose address stops working. */
  replaceFeed: (db: Conn, userId: number, tokenHash: string, at: number) =>
    db
      .insertInto('calendar_feeds')
      .values({ user_id: userId, token_hash: tokenHash, created_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: at }))
      .execute(),

  removeFeed: (db: Conn, userId: number) => db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute(),
};

export type WantedRow = Awaited<ReturnType<typeof releasesRepo.wantedPage>>[number];
