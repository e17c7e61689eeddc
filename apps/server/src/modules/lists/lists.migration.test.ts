import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { migrationsFor } from '../../db/migrations/index.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases.js';
import { createUser } from '../../test/users.js';

/** 0015 lets a comment be under a list: the comments already there, and what points at them, must come through untouched. */
describe.each(dbKinds)('migration 0015 (lists) on a database with comments, on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(database.config);
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrationsFor(kind) } });
    const { error } = await migrator.migrateTo('0014_game_details');
    if (error) throw error;
    const k = db.kysely;
    const ann = await createUser(k, { username: 'ann' });
    const bob = await createUser(k, { username: 'bob' });
    const at = Date.now();
    const game = await sql<{ id: number }>`insert into games (slug, name, source, created_at, updated_at) values ('tetris', 'Tetris', 'import', ${at}, ${at}) returning id`.execute(k);
    const entry = await sql<{ id: number }>`insert into library_entries (user_id, game_id, review, review_slug, comments_count, created_at, updated_at)
      values (${ann.id}, ${game.rows[0]!.id}, 'Blocks.', 'tetris', 2, ${at}, ${at}) returning id`.execute(k);
    ids.entry = entry.rows[0]!.id;
    const comment = async (body: string) =>
      (await sql<{ id: number }>`insert into comments (entry_id, user_id, body, created_at, updated_at) values (${ids.entry}, ${bob.id}, ${body}, ${at}, ${at}) returning id`.execute(k)).rows[0]!.id;
    ids.kept = await comment('Kept.');
    ids.liked = await comment('Liked.');
    ids.deleted = await comment('Deleted before the migration.');
    await sql`delete from comments where id = ${ids.deleted}`.execute(k);
    await sql`insert into comment_likes (user_id, comment_id, created_at) values (${ann.id}, ${ids.liked}, ${at})`.execute(k);
    await sql`insert into activities (actor_id, verb, entry_id, comment_id, created_at) values (${bob.id}, 'commented', ${ids.entry}, ${ids.liked}, ${at})`.execute(k);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('keeps the comments, their ids and what points at them', async () => {
    const rows = await db.kysely.selectFrom('comments').select(['id', 'entry_id', 'list_id', 'body']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: ids.kept, entry_id: ids.entry, list_id: null, body: 'Kept.' },
      { id: ids.liked, entry_id: ids.entry, list_id: null, body: 'Liked.' },
    ]);
    expect(await db.kysely.selectFrom('comment_likes').select('comment_id').execute()).toEqual([{ comment_id: ids.liked }]);
  });

  it('never hands out an id used before, and still cascades a deleted comment to its likes and feed items', async () => {
    const bob = await db.kysely.selectFrom('users').select('id').where('username', '=', 'bob').executeTakeFirstOrThrow();
    const at = Date.now();
    const { id } = await db.kysely
      .insertInto('comments')
      .values({ entry_id: ids.entry!, list_id: null, user_id: bob.id, body: 'New.', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(ids.deleted!);
    await db.kysely.deleteFrom('comments').where('id', '=', ids.liked!).execute();
    expect(await db.kysely.selectFrom('comment_likes').selectAll().execute()).toEqual([]);
    expect(await db.kysely.selectFrom('activities').selectAll().where('comment_id', '=', ids.liked!).execute()).toEqual([]);
  });

  it('refuses a comment under both a review and a list, or under neither', async () => {
    const bob = await db.kysely.selectFrom('users').select('id').where('username', '=', 'bob').executeTakeFirstOrThrow();
    const at = Date.now();
    const { id: listId } = await db.kysely
      .insertInto('lists')
      .values({ user_id: bob.id, slug: 'l', title: 'L', description: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const insert = (entryId: number | null, list: number | null) =>
      db.kysely.insertInto('comments').values({ entry_id: entryId, list_id: list, user_id: bob.id, body: 'x', created_at: at, updated_at: at }).execute();
    await expect(insert(ids.entry!, listId)).rejects.toThrow();
    await expect(insert(null, null)).rejects.toThrow();
    await expect(insert(null, listId)).resolves.toBeDefined();
  });

  if (kind === 'sqlite') {
    it('leaves foreign keys on', () => {
      expect(db.sqlite!.pragma('foreign_keys', { simple: true })).toBe(1);
    });
  }
});
