import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Plays (issue 38): each playthrough of a game is a row of its own, with its
 * dates, platform, completion and its own rating and review.
 *
 * - plays: the first play of an entry (replay = 0, one per entry: a partial
 *   unique index) holds the entry's first-playthrough dates and verdict; its
 *   review stays the entry's (the game's main review, whose address, likes
 *   and comments do not move). Replays (replay = 1) keep their own review.
 * - diary_entries.play_id: the replay a session belongs to; null is the
 *   first play. Null for every existing first-play session, so the
 *   migration rewrites no session of a first play (a big diary is not
 *   rewritten under the previous release's writes), and a session the
 *   previous release logs during a rolling upgrade lands in the first play.
 *
 * Existing data becomes plays without loss: one first play for each entry
 * that was played (a status other than Want to play, a rating, a review, a
 * date or a session), with the entry's dates, completion and rating, and its
 * platform when the entry names exactly one; replay sessions are grouped
 * into replays, a run ending at a session marked finished, with the run's
 * first day, its finish, its last rating and platform.
 */
export const playsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('plays')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('entry_id', 'integer', (c) => c.notNull().references('library_entries.id').onDelete('cascade'))
      .addColumn('replay', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_on', 'text')
      .addColumn('finished_on', 'text')
      .addColumn('platform_id', 'integer', (c) => c.references('platforms.id').onDelete('set null'))
      .addColumn('completion', 'text')
      .addColumn('rating', 'integer')
      .addColumn('review', 'text')
      .addColumn('review_spoilers', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('review_created_at', 'bigint')
      .addColumn('review_updated_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`create unique index plays_first on plays (entry_id) where replay = 0`.execute(db);
    await db.schema.createIndex('plays_entry').on('plays').columns(['entry_id', 'started_on', 'id']).execute();
    await db.schema.createIndex('plays_user_finished').on('plays').columns(['user_id', 'finished_on']).execute();
    await db.schema
      .alterTable('diary_entries')
      .addColumn('play_id', 'integer', (c) => c.references('plays.id').onDelete('cascade'))
      .execute();

    await sql`
      insert into plays (user_id, entry_id, replay, started_on, finished_on, platform_id, completion, rating, created_at, updated_at)
      select e.user_id, e.id, 0,
        coalesce(e.started_on, (select min(d.played_on) from diary_entries d where d.entry_id = e.id and d.replay = 0)),
        e.finished_on,
        (select min(ep.platform_id) from library_entry_platforms ep where ep.entry_id = e.id
          having count(*) = 1),
        e.completion, e.rating, e.created_at, e.updated_at
      from library_entries e
      where (e.status is not null and e.status <> 4) or e.rating is not null or e.review is not null
        or e.started_on is not null or e.finished_on is not null
        or exists (select 1 from diary_entries d where d.entry_id = e.id)`.execute(db);

    await groupReplaySessions(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('diary_entries').dropColumn('play_id').execute();
    await db.schema.dropTable('plays').execute();
  },
});

interface ReplaySession {
  id: number;
  user_id: number;
  entry_id: number;
  played_on: string;
  event: string;
  rating: number | null;
  platform_id: number | null;
  created_at: number | string;
}

/** Replay sessions into replays, a page of sessions at a time (few members log replays: this is small). */
async function groupReplaySessions(db: Kysely<unknown>): Promise<void> {
  const PAGE = 2000;
  let after = { entry: 0, day: '', id: 0 };
  let run: { entry: number; sessions: ReplaySession[] } | null = null;
  const flush = async () => {
    if (!run || run.sessions.length === 0) return;
    const { sessions } = run;
    const first = sessions[0]!;
    const finish = [...sessions].reverse().find((s) => s.event === 'finished');
    const rating = [...sessions].reverse().find((s) => s.rating !== null)?.rating ?? null;
    const platform = [...sessions].reverse().find((s) => s.platform_id !== null)?.platform_id ?? null;
    const at = Number(first.created_at);
    const { rows } = await sql<{ id: number }>`
      insert into plays (user_id, entry_id, replay, started_on, finished_on, platform_id, rating, created_at, updated_at)
      values (${first.user_id}, ${first.entry_id}, 1, ${first.played_on}, ${finish?.played_on ?? null}, ${platform}, ${rating}, ${at}, ${at})
      returning id`.execute(db);
    const ids = sessions.map((s) => s.id);
    await sql`update diary_entries set play_id = ${rows[0]!.id} where id in (${sql.join(ids)})`.execute(db);
    run = null;
  };
  for (;;) {
    const { rows } = await sql<ReplaySession>`
      select id, user_id, entry_id, played_on, event, rating, platform_id, created_at from diary_entries
      where replay = 1 and (entry_id > ${after.entry} or (entry_id = ${after.entry} and (played_on > ${after.day} or (played_on = ${after.day} and id > ${after.id}))))
      order by entry_id, played_on, id limit ${PAGE}`.execute(db);
    for (const session of rows) {
      // A new game, or a start after sessions of the run so far: a new run.
      if (run && (run.entry !== session.entry_id || (session.event === 'started' && run.sessions.length > 0))) await flush();
      run ??= { entry: session.entry_id, sessions: [] };
      run.sessions.push(session);
      if (session.event === 'finished') await flush();
    }
    if (rows.length < PAGE) break;
    const last = rows[rows.length - 1]!;
    after = { entry: last.entry_id, day: last.played_on, id: last.id };
  }
  await flush();
}
