import { sql, type Insertable } from 'kysely';
import type { CommentsTable } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';

/** What a comment is under: a review (library entry) or a list. */
export type CommentSubject = { kind: 'review'; id: number } | { kind: 'list'; id: number };

/** The subject's column on comments, and its own table with the comment count. */
const SUBJECTS = {
  review: { key: 'entry_id', owner: 'library_entries' },
  list: { key: 'list_id', owner: 'lists' },
} as const;

export const subjectOfComment = (row: { entry_id: number | null; list_id: number | null }): CommentSubject =>
  row.entry_id !== null ? { kind: 'review', id: row.entry_id } : { kind: 'list', id: row.list_id! };

function commentRows(db: Conn) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('library_entries as e', 'e.id', 'c.entry_id')
    .leftJoin('lists as l', 'l.id', 'c.list_id')
    .select([
      'c.id',
      'c.entry_id',
      'c.list_id',
      'c.user_id',
      'c.body',
      'c.likes_count',
      'c.created_at',
      'c.updated_at',
      'c.hidden_at',
      'u.username',
      'u.avatar',
      // Exactly one of the two is there (comments_subject).
      sql<number>`coalesce(e.user_id, l.user_id)`.as('subject_user_id'),
    ]);
}
export type CommentRow = NonNullable<Awaited<ReturnType<typeof commentsRepo.byId>>>;

export const commentsRepo = {
  byId: (db: Conn, id: number) => commentRows(db).where('c.id', '=', id).where('u.state', '=', 'active').executeTakeFirst(),

  /** Oldest first, from accounts in good standing; one hidden by a moderator only to its author (`viewerId`), or to moderators (`'staff'`). */
  /** `without`: authors the viewer must not meet (audience hiddenFrom), left out in SQL so pages stay whole and the total true. */
  async ofSubject(db: Conn, subject: CommentSubject, limit: number, offset: number, viewerId: number | 'staff' | null = null, without: readonly number[] = []) {
    const key = `c.${SUBJECTS[subject.kind].key}` as const;
    const author = typeof viewerId === 'number' ? viewerId : 0;
    const [rows, total] = await Promise.all([
      commentRows(db)
        .where(key, '=', subject.id)
        .where('u.state', '=', 'active')
        .$if(viewerId !== 'staff', (q) => q.where((eb) => eb.or([eb('c.hidden_at', 'is', null), eb('c.user_id', '=', author)])))
        .$if(without.length > 0, (q) => q.where('c.user_id', 'not in', without))
        .orderBy('c.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(key, '=', subject.id)
        .where('u.state', '=', 'active')
        .$if(viewerId !== 'staff', (q) => q.where((eb) => eb.or([eb('c.hidden_at', 'is', null), eb('c.user_id', '=', author)])))
        .$if(without.length > 0, (q) => q.where('c.user_id', 'not in', without))
        .executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /**
   * A page of a review's thread when replies from the fediverse are in it (federation_replies): members' comments
   * and remote replies in one order, oldest first, by the same rules as ofSubject (a hidden remote reply only to
   * staff). Answers which rows, in order, and the total; the caller reads the rows of each kind.
   */
  async mixedPage(db: Conn, entryId: number, limit: number, offset: number, viewerId: number | 'staff' | null, without: readonly number[]) {
    const author = typeof viewerId === 'number' ? viewerId : 0;
    const local = db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.created_at', sql<number>`0`.as('remote')])
      .where('c.entry_id', '=', entryId)
      .where('u.state', '=', 'active')
      .$if(viewerId !== 'staff', (q) => q.where((eb) => eb.or([eb('c.hidden_at', 'is', null), eb('c.user_id', '=', author)])))
      .$if(without.length > 0, (q) => q.where('c.user_id', 'not in', without));
    const remote = db
      .selectFrom('federation_replies as r')
      .select(['r.id', 'r.created_at', sql<number>`1`.as('remote')])
      .where('r.entry_id', '=', entryId)
      .$if(viewerId !== 'staff', (q) => q.where('r.hidden_at', 'is', null));
    const thread = () => local.unionAll(remote).as('t');
    const [keys, total] = await Promise.all([
      db.selectFrom(thread).selectAll().orderBy('created_at').orderBy('remote').orderBy('id').limit(limit).offset(offset).execute(),
      db.selectFrom(thread).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return { keys: keys.map((k) => ({ id: Number(k.id), remote: Number(k.remote) === 1 })), total: Number(total?.n ?? 0) };
  },
  /** Members' comments by id, as ofSubject reads them. */
  byIds: (db: Conn, ids: number[]) => commentRows(db).where('c.id', 'in', ids.length > 0 ? ids : [-1]).execute(),
  insert: (db: Conn, values: Insertable<CommentsTable>) => db.insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow(),

  updateBody: (db: Conn, id: number, body: string, at: number) => db.updateTable('comments').set({ body, updated_at: at }).where('id', '=', id).execute(),

  /** Whether this request deleted it (another one deleting it at the same time gets false). */
  delete: async (db: Conn, id: number) => Number((await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

  /**
   * The review's or list's comment count moves with its comments, in the
   * same transaction; false when the subject is gone. Run before inserting a
   * comment, it also locks the subject's row, so it cannot go while its new
   * comment is being written.
   */
  adjustCount: async (db: Conn, subject: CommentSubject, by: 1 | -1) =>
    Number(
      (
        await db
          .updateTable(SUBJECTS[subject.kind].owner)
          .set({ comments_count: sql`comments_count + ${by}` })
          .where('id', '=', subject.id)
          // A review's text can be taken down while its entry stays: no new comments then.
          .$if(subject.kind === 'review' && by > 0, (q) => q.where(sql.ref('review'), 'is not', null))
          .executeTakeFirst()
      ).numUpdatedRows,
    ) > 0,

  /**
   * Sets the comment counts of reviews and lists to the comments people can
   * see: those of active members (a suspended member's comments are hidden,
   * so a card saying "1 comment" over "No comments yet" would be wrong).
   * `ofAuthor`: the reviews and lists that member commented on; else the ids given.
   */
  async recountVisible(db: Conn, which: { ofAuthor: number } | { entryId?: number; listId?: number }) {
    // A review's count also holds the replies from the fediverse shown under it (federation_replies).
    const remote = (table: 'library_entries' | 'lists') =>
      table === 'library_entries' ? sql` + (select count(*) from federation_replies r where r.entry_id = library_entries.id and r.hidden_at is null)` : sql``;
    const visible = (column: 'entry_id' | 'list_id', table: 'library_entries' | 'lists') =>
      sql<number>`((select count(*) from comments c inner join users u on u.id = c.user_id where c.${sql.ref(column)} = ${sql.table(table)}.id and u.state = 'active' and c.hidden_at is null)${remote(table)})`;
    const targets = (column: 'entry_id' | 'list_id', id: number | undefined) =>
      'ofAuthor' in which
        ? sql<boolean>`id in (select ${sql.ref(column)} from comments where user_id = ${which.ofAuthor} and ${sql.ref(column)} is not null)`
        : sql<boolean>`id = ${id ?? 0}`;
    if ('ofAuthor' in which || which.entryId !== undefined) {
      await db.updateTable('library_entries').set({ comments_count: visible('entry_id', 'library_entries') }).where(targets('entry_id', 'ofAuthor' in which ? undefined : which.entryId)).execute();
    }
    if ('ofAuthor' in which || which.listId !== undefined) {
      await db.updateTable('lists').set({ comments_count: visible('list_id', 'lists') }).where(targets('list_id', 'ofAuthor' in which ? undefined : which.listId)).execute();
    }
  },
};
