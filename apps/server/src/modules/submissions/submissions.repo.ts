import { sql, type Insertable } from 'kysely';
import type { SubmissionState } from '@vgl/shared';
import type { GameSubmissionsTable } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';

/** A submission with what its presenters show: the game, the game it went into, who sent it, who decided. */
function submissionRows(db: Conn) {
  return db
    .selectFrom('game_submissions as s')
    .leftJoin('games as g', 'g.id', 's.game_id')
    .leftJoin('games as m', 'm.id', 's.merged_into_game_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as d', 'd.id', 's.decided_by')
    .selectAll('s')
    .select([
      'g.slug as game_slug',
      'g.name as game_name',
      'm.slug as merged_slug',
      'm.name as merged_name',
      'u.username',
      'u.avatar',
      'd.username as decided_by_username',
    ]);
}
export type SubmissionRow = Awaited<ReturnType<ReturnType<typeof submissionRows>['execute']>>[number];

/** States a moderator decides from: approve and reject a pending one; merge a pending or approved one. */
export const OPEN_STATES: Record<'approve' | 'reject' | 'merge', SubmissionState[]> = {
  approve: ['pending'],
  reject: ['pending'],
  merge: ['pending', 'approved'],
};

export const submissionsRepo = {
  byId: (db: Conn, id: number) => submissionRows(db).where('s.id', '=', id).executeTakeFirst(),

  /** The submission that keeps this game unlisted (pending or rejected). */
  unlistedByGame: (db: Conn, gameId: number) =>
    submissionRows(db).where('s.game_id', '=', gameId).where('s.state', 'in', ['pending', 'rejected']).executeTakeFirst(),

  /** The dashboard's queue: pending first, oldest first (a queue); then the decided ones, latest decision first. */
  async page(db: Conn, { state, limit, offset }: { state: SubmissionState | 'all'; limit: number; offset: number }) {
    const [rows, count] = await Promise.all([
      submissionRows(db)
        .$if(state !== 'all', (q) => q.where('s.state', '=', state as SubmissionState))
        .orderBy(sql`case when s.state = 'pending' then 0 else 1 end`)
        .orderBy(sql`case when s.state = 'pending' then s.created_at else -coalesce(s.decided_at, s.created_at) end`)
        .orderBy('s.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('game_submissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .$if(state !== 'all', (q) => q.where('state', '=', state as SubmissionState))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** Pending submissions with these title keys: id and key. */
  pendingWithKeys: (db: Conn, keys: string[]) =>
    keys.length === 0
      ? Promise.resolve([])
      : db.selectFrom('game_submissions').select(['id', 'name_key']).where('state', '=', 'pending').where('name_key', 'in', keys).execute(),

  /** Submissions a synced game may take in: pending or approved, with their game still theirs, of these title keys. */
  mergeableWithKeys: (db: Conn, keys: string[]) =>
    keys.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('game_submissions')
          .select(['id', 'game_id', 'user_id', 'name', 'name_key', 'year', 'state'])
          .where('state', 'in', ['pending', 'approved'])
          .where('game_id', 'is not', null)
          .where('name_key', 'in', keys)
          .orderBy('id')
          .execute(),

  /** How many games the member submitted since `since` (unix ms). */
  async countSince(db: Conn, userId: number, since: number): Promise<number> {
    const row = await db
      .selectFrom('game_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert: (db: Conn, values: Insertable<GameSubmissionsTable>) => db.insertInto('game_submissions').values(values).returning('id').executeTakeFirstOrThrow(),

  /**
   * The decision, taken only while the submission is still in one of `from`:
   * the row's lock makes a second moderator's decision wait for the first and
   * then find it decided (no row answered).
   */
  decide: (
    db: Conn,
    id: number,
    from: SubmissionState[],
    values: { state: SubmissionState; decided_by: number | null; decided_at: number; reason?: string | null },
  ) =>
    db
      .updateTable('game_submissions')
      .set(values)
      .where('id', '=', id)
      .where('state', 'in', from)
      .returning(['id', 'game_id', 'user_id', 'name', 'state'])
      .executeTakeFirst(),

  /** A merged submission: its game is gone into `into`. */
  mergedInto: (db: Conn, id: number, into: number) => db.updateTable('game_submissions').set({ game_id: null, merged_into_game_id: into }).where('id', '=', id).execute(),

  platforms: (db: Conn, slugs: string[]) =>
    slugs.length === 0 ? Promise.resolve([]) : db.selectFrom('platforms').select(['id', 'slug', 'name']).where('slug', 'in', slugs).execute(),

  slugsTaken: async (db: Conn, slugs: string[]) => new Set((await db.selectFrom('games').select('slug').where('slug', 'in', slugs).execute()).map((r) => r.slug)),
};
