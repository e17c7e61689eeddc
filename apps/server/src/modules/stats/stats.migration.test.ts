import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { statsMigration } from '../../db/migrations/0018_stats.js';
import { STATS_BUCKETS, statsBucketsMigration } from '../../db/migrations/0024_stats_buckets.js';
import { statsReviewAudienceMigration } from '../../db/migrations/0046_stats_review_audience.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases.js';
import { createUser } from '../../test/users.js';

/** 0018's triggers, bucketed by 0024: the right part moves (a year of the diary, or a bucket of the library), once per statement on PostgreSQL; and a clean way back down. */
describe.each(dbKinds)('migrations 0018 and 0024 (stats versions) on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let userId: number;
  let entryId: number;
  let gameId: number;
  /** A game's bucket of library entries, and of listed platforms (0024). */
  const entriesOf = (game: number) => -1 - (game % STATS_BUCKETS);
  const listedOf = (game: number) => -101 - (game % STATS_BUCKETS);

  const versions = async () =>
    Object.fromEntries(
      (await db.kysely.selectFrom('member_stats_versions').select(['part', 'version']).where('user_id', '=', userId).execute()).map((r) => [Number(r.part), Number(r.version)]),
    ) as Record<number, number>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(database.config);
    await migrateToLatest(db);
    const k = db.kysely;
    userId = (await createUser(k, { username: 'ann' })).id;
    const at = Date.now();
    gameId = (await sql<{ id: number }>`insert into games (slug, name, source, created_at, updated_at) values ('tetris', 'Tetris', 'import', ${at}, ${at}) returning id`.execute(k)).rows[0]!.id;
    entryId = (
      await k
        .insertInto('library_entries')
        .values({ user_id: userId, game_id: gameId, status: 1, rating: null, review: null, review_slug: null, review_created_at: null, review_updated_at: null, started_on: null, finished_on: null, favourite_position: null, featured_position: null, owned: null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('moves the year of the diary rows written, for a whole multi-row insert, a move to another year and a delete', async () => {
    // The entry made in beforeAll: its bucket of the library's entries and of their platforms.
    const [E, L] = [entriesOf(gameId), listedOf(gameId)];
    expect(await versions()).toEqual({ [E]: 1, [L]: 1 });
    const row = (day: string) => ({ user_id: userId, entry_id: entryId, game_id: gameId, played_on: day, event: 'played' as const, rating: null, note: null, minutes_played: 10, created_at: 1, platform_id: null });
    await db.kysely.insertInto('diary_entries').values([row('2024-01-01'), row('2024-01-02'), row('2024-01-03')]).execute();
    // SQLite counts each row, PostgreSQL each statement.
    expect(await versions()).toEqual({ [E]: 1, [L]: 1, 2024: kind === 'postgres' ? 1 : 3 });
    const inserted = (await versions())[2024]!;
    await db.kysely.updateTable('diary_entries').set({ played_on: '2023-12-31' }).where('played_on', '=', '2024-01-01').execute();
    const moved = await versions();
    expect(moved[2024]).toBeGreaterThan(inserted);
    expect(moved[2023]).toBeGreaterThan(0);
    await db.kysely.deleteFrom('diary_entries').where('user_id', '=', userId).execute();
    const deleted = await versions();
    expect(deleted[2024]).toBeGreaterThan(moved[2024]!);
    expect(deleted[2023]).toBeGreaterThan(moved[2023]!);
    expect([deleted[E], deleted[L]]).toEqual([1, 1]);
  });

  it("moves the game's entries bucket when a counted column changes, its platforms bucket when its listed platforms do, and both buckets of both games when an entry moves", async () => {
    const [E, L] = [entriesOf(gameId), listedOf(gameId)];
    const before = await versions();
    await db.kysely.updateTable('library_entries').set({ likes_count: 3, comments_count: 1, updated_at: Date.now() }).where('id', '=', entryId).execute();
    expect(await versions()).toEqual(before);
    await db.kysely.updateTable('library_entries').set({ finished_on: '2024-02-02' }).where('id', '=', entryId).execute();
    const dated = await versions();
    expect(dated[E]).toBeGreaterThan(before[E]!);
    expect(dated[L]).toBe(before[L]);

    const platformId = (await sql<{ id: number }>`insert into platforms (slug, name) values ('snes', 'SNES') returning id`.execute(db.kysely)).rows[0]!.id;
    await db.kysely.insertInto('library_entry_platforms').values({ entry_id: entryId, platform_id: platformId }).execute();
    const listed = await versions();
    expect(listed[L]).toBeGreaterThan(dated[L]!);
    expect(listed[E]).toBe(dated[E]);
    await db.kysely.deleteFrom('library_entry_platforms').where('entry_id', '=', entryId).execute();
    expect((await versions())[L]).toBeGreaterThan(listed[L]!);

    const at = Date.now();
    const other = (await sql<{ id: number }>`insert into games (slug, name, source, created_at, updated_at) values ('pong', 'Pong', 'import', ${at}, ${at}) returning id`.execute(db.kysely)).rows[0]!.id;
    const unlisted = await versions();
    await db.kysely.updateTable('library_entries').set({ game_id: other }).where('id', '=', entryId).execute();
    const moved = await versions();
    expect(moved[E]).toBeGreaterThan(unlisted[E]!);
    expect(moved[L]).toBeGreaterThan(unlisted[L]!);
    expect(moved[entriesOf(other)]).toBeGreaterThan(unlisted[entriesOf(other)] ?? 0);
    expect(moved[listedOf(other)]).toBeGreaterThan(unlisted[listedOf(other)] ?? 0);
    // Back, for the next case.
    await db.kysely.updateTable('library_entries').set({ game_id: gameId }).where('id', '=', entryId).execute();
  });

  it('0024 goes down to one part for the library and up to buckets again', async () => {
    await statsBucketsMigration(kind).down!(db.kysely as never);
    expect(Object.keys(await versions()).filter((p) => Number(p) < 0)).toEqual([]);
    await db.kysely.updateTable('library_entries').set({ rating: 3 }).where('id', '=', entryId).execute();
    expect((await versions())[0]).toBeGreaterThan(0);
    await statsBucketsMigration(kind).up(db.kysely as never);
    expect((await versions())[0]).toBeUndefined();
    await db.kysely.updateTable('library_entries').set({ rating: 4 }).where('id', '=', entryId).execute();
    expect((await versions())[entriesOf(gameId)]).toBeGreaterThan(0);
  });

  it('goes down and up again', async () => {
    // Later migrations first: 0046's trigger writes to the table 0018's down drops.
    await statsReviewAudienceMigration(kind).down!(db.kysely as never);
    await statsBucketsMigration(kind).down!(db.kysely as never);
    await statsMigration(kind).down!(db.kysely as never);
    await db.kysely.updateTable('library_entries').set({ rating: 5 }).where('id', '=', entryId).execute();
    await statsMigration(kind).up(db.kysely as never);
    expect(await versions()).toEqual({});
    await db.kysely.updateTable('library_entries').set({ rating: 6 }).where('id', '=', entryId).execute();
    expect((await versions())[0]).toBeGreaterThan(0);
    expect((await versions())[1]).toBeUndefined();
  });
});
