import { sql } from 'kysely';
import { listedGame } from '../catalog/catalog.visibility.js';
import type { Conn } from '../library/library.repo.js';
import type { PublishedKind } from './federation.tables.js';

/**
 * Finished plays everyone may read, the only ones that leave the instance: of
 * an active member with a public profile, of a listed game, with a finish
 * date or a completion (what the app calls finished). A play shows on the
 * member's library pages whatever the review's visibility, so that alone
 * decides nothing here; its review is not part of what is sent.
 */
export const publicPlays = (db: Conn) =>
  db
    .selectFrom('plays as pl')
    .innerJoin('library_entries as e', 'e.id', 'pl.entry_id')
    .innerJoin('users as u', 'u.id', 'pl.user_id')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .leftJoin('platforms as p', 'p.id', 'pl.platform_id')
    .where('u.state', '=', 'active')
    .where('u.is_private', '=', 0)
    .where(listedGame('e.game_id'))
    .where((eb) => eb.or([eb('pl.finished_on', 'is not', null), eb('pl.completion', 'is not', null)]))
    .select([
      'pl.id as play_id',
      'pl.user_id',
      'pl.entry_id',
      'pl.replay',
      'pl.finished_on',
      'pl.rating',
      'u.username',
      'g.name as game_name',
      'g.slug as game_slug',
      'g.cover_image_id',
      'p.name as platform_name',
    ]);

/** Lists everyone may read: public, not hidden by a moderator, of an active member with a public profile. */
export const publicLists = (db: Conn) =>
  db
    .selectFrom('lists as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('u.state', '=', 'active')
    .where('u.is_private', '=', 0)
    .where('l.is_public', '=', 1)
    .where('l.hidden_at', 'is', null)
    .select(['l.id as list_id', 'l.user_id', 'u.username', 'l.slug', 'l.title', 'l.description', 'l.ranked']);

export type PublicPlayRow = NonNullable<Awaited<ReturnType<typeof publishedRepo.publicPlay>>>;
export type PublicListRow = NonNullable<Awaited<ReturnType<typeof publishedRepo.publicList>>>;

export interface PublishedRecord {
  kind: PublishedKind;
  subject_id: number;
  user_id: number;
  entry_id: number | null;
  object_key: string;
  digest: string;
  published_at: number;
  updated_at: number;
  /** 0: recorded by the outbox backfill, never sent. */
  announced?: number;
}

/** What federation reads of plays and lists, and what it keeps of those it sent (federation_objects, 0059). */
export const publishedRepo = {
  publicPlay: (db: Conn, playId: number) => publicPlays(db).where('pl.id', '=', playId).executeTakeFirst(),

  /** Minutes played in the play's sessions (a first play's are also its entry's sessions without a play); null when none say. */
  async playMinutes(db: Conn, play: { play_id: number; entry_id: number; replay: number }): Promise<number | null> {
    const first = Number(play.replay) === 0;
    const row = await db
      .selectFrom('diary_entries')
      .select((eb) => eb.fn.sum<number | string | null>('minutes_played').as('minutes'))
      .where('entry_id', '=', play.entry_id)
      .$if(first, (q) => q.where((eb) => eb.or([eb('play_id', '=', play.play_id), eb('play_id', 'is', null)])))
      .$if(!first, (q) => q.where('play_id', '=', play.play_id))
      .executeTakeFirst();
    return row?.minutes === null || row?.minutes === undefined ? null : Number(row.minutes);
  },

  /** The plays (finished or not) of an entry, and of a member: those whose publication may have changed. */
  playsOfEntry: async (db: Conn, entryId: number) => (await db.selectFrom('plays').select('id').where('entry_id', '=', entryId).execute()).map((r) => r.id),
  playsOfMember: async (db: Conn, userId: number) => (await db.selectFrom('plays').select('id').where('user_id', '=', userId).execute()).map((r) => r.id),

  publicList: (db: Conn, listId: number) => publicLists(db).where('l.id', '=', listId).executeTakeFirst(),
  listsOfMember: async (db: Conn, userId: number) => (await db.selectFrom('lists').select('id').where('user_id', '=', userId).execute()).map((r) => r.id),
  listUpdatedAt: async (db: Conn, listId: number) => {
    const row = await db.selectFrom('lists').select('updated_at').where('id', '=', listId).executeTakeFirst();
    return row === undefined ? undefined : Number(row.updated_at);
  },

  /** The list's first `limit` games a visitor sees (listed ones, in the list's order), and how many it shows in all. */
  async listGames(db: Conn, listId: number, limit: number) {
    const listed = (q: Conn) => q.selectFrom('list_games as lg').innerJoin('games as g', 'g.id', 'lg.game_id').where('lg.list_id', '=', listId).where(listedGame('lg.game_id'));
    const [games, count] = await Promise.all([
      listed(db).select(['g.name', 'g.slug', 'g.cover_image_id']).orderBy('lg.position').orderBy('lg.game_id').limit(limit).execute(),
      listed(db).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { games, total: Number(count.n) };
  },

  recordOf: (db: Conn, kind: PublishedKind, subjectId: number) =>
    db.selectFrom('federation_objects').selectAll().where('kind', '=', kind).where('subject_id', '=', subjectId).executeTakeFirst() as Promise<(PublishedRecord & { id: number }) | undefined>,
  recordByKey: (db: Conn, kind: PublishedKind, objectKey: string) =>
    db.selectFrom('federation_objects').selectAll().where('kind', '=', kind).where('object_key', '=', objectKey).executeTakeFirst() as Promise<(PublishedRecord & { id: number }) | undefined>,
  /** Plays sent of an entry: found after the entry (and its plays) went. */
  playRecordsOfEntry: async (db: Conn, entryId: number) =>
    (await db.selectFrom('federation_objects').select('subject_id').where('kind', '=', 'play').where('entry_id', '=', entryId).execute()).map((r) => r.subject_id),
  recordsOf: (db: Conn, userId: number) => db.selectFrom('federation_objects').select(['kind', 'subject_id', 'object_key']).where('user_id', '=', userId).execute(),

  insertRecord: (db: Conn, row: PublishedRecord) => db.insertInto('federation_objects').values(row).execute(),
  /** What was sent now (announced: 1), or, undoing, what it was before. */
  updateRecord: (db: Conn, kind: PublishedKind, subjectId: number, digest: string, at: number, announced = 1) =>
    db.updateTable('federation_objects').set({ digest, updated_at: at, announced }).where('kind', '=', kind).where('subject_id', '=', subjectId).execute(),
  deleteRecord: (db: Conn, kind: PublishedKind, subjectId: number) => db.deleteFrom('federation_objects').where('kind', '=', kind).where('subject_id', '=', subjectId).execute(),

  /**
   * A page of what a member published, newest first, whatever it is: reviews (federation_notes) and plays and lists
   * (federation_objects), by when each was first sent. The caller builds each and leaves out one no longer public
   * (its Delete is on its way).
   */
  outboxPage: (db: Conn, userId: number, offset: number, limit: number) =>
    db
      .selectFrom('federation_notes')
      .select([sql<string>`'review'`.as('kind'), 'entry_id as subject_id', 'object_key', 'published_at', 'updated_at'])
      .where('user_id', '=', userId)
      .unionAll(db.selectFrom('federation_objects').select(['kind', 'subject_id', 'object_key', 'published_at', 'updated_at']).where('user_id', '=', userId))
      .orderBy('published_at', 'desc')
      .orderBy('object_key', 'desc')
      .offset(offset)
      .limit(limit)
      .execute() as Promise<{ kind: 'review' | PublishedKind; subject_id: number; object_key: string; published_at: number | string; updated_at: number | string }[]>,

  outboxCount: async (db: Conn, userId: number) => {
    const [notes, objects] = await Promise.all([
      db.selectFrom('federation_notes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      db.selectFrom('federation_objects').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return Number(notes.n) + Number(objects.n);
  },
};
