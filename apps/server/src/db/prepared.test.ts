import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases.js';
import { createDb, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { prepared, preparedByShape, preparedFirst } from './prepared.js';

describe.each(dbKinds)('prepared queries on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(database.config);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('builds once, then runs with each call’s values, in and out of transactions', async () => {
    let builds = 0;
    const put = prepared((k, v: { key: string; value: string; at: number }) => {
      builds += 1;
      return k.insertInto('app_meta').values({ key: v.key, value: v.value, updated_at: v.at });
    });
    const byKey = preparedFirst((k, v: { key: string }) => k.selectFrom('app_meta').select(['key', 'value']).where('key', '=', v.key));

    await put(db.kysely, { key: 'a', value: 'first', at: 1 });
    await db.kysely.transaction().execute(async (trx) => {
      await put(trx, { key: 'b', value: 'second', at: 2 });
      expect(await byKey(trx, { key: 'b' })).toEqual({ key: 'b', value: 'second' });
    });
    expect(await byKey(db.kysely, { key: 'a' })).toEqual({ key: 'a', value: 'first' });
    expect(await byKey(db.kysely, { key: 'b' })).toEqual({ key: 'b', value: 'second' });
    expect(await byKey(db.kysely, { key: 'missing' })).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('keeps the constant values the query was built with', async () => {
    const countAbove = preparedFirst((k, v: { from: number }) =>
      k.selectFrom('app_meta').select((eb) => eb.fn.countAll<number>().as('n')).where('updated_at', '>=', v.from).where('key', '!=', 'a'),
    );
    expect(Number((await countAbove(db.kysely, { from: 0 }))?.n)).toBe(1);
    expect(Number((await countAbove(db.kysely, { from: 3 }))?.n)).toBe(0);
  });

  it('makes one prepared query a shape, each built once and run with its own values', async () => {
    const built: string[] = [];
    const keys = preparedByShape((k, v: { from: number; key?: string }, shape: 'all' | 'one') => {
      built.push(shape);
      return k
        .selectFrom('app_meta')
        .select('key')
        .where('updated_at', '>=', v.from)
        .$if(shape === 'one', (q) => q.where('key', '=', v.key!))
        .orderBy('key');
    });
    expect((await keys(db.kysely, 'all', { from: 1 })).map((r) => r.key)).toEqual(['a', 'b']);
    expect((await keys(db.kysely, 'one', { from: 1, key: 'b' })).map((r) => r.key)).toEqual(['b']);
    expect((await keys(db.kysely, 'one', { from: 1, key: 'a' })).map((r) => r.key)).toEqual(['a']);
    expect((await keys(db.kysely, 'all', { from: 2 })).map((r) => r.key)).toEqual(['b']);
    expect(built).toEqual(['all', 'one']);
  });
});
