import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rowsAsObjects, withStatementCache } from './database.js';

/** SQLite's statements as Kysely's driver uses them (database.ts): kept by their SQL, reading rows as arrays made into objects. */
describe('SQLite statements', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec(`create table t (id integer primary key, name text, score real, data blob);
      insert into t values (1, 'a', 1.5, x'0102'), (2, null, null, null), (3, 'c', 3, x'');`);
    return sqlite;
  };

  it('gives the same rows as better-sqlite3’s own objects: plain, in column order, same values', () => {
    const sqlite = open();
    const sql = 'select id, name, score, data, id * 2 as twice from t order by id';
    const own = sqlite.prepare(sql).all();
    const made = rowsAsObjects(sqlite.prepare(sql)).all([]);
    expect(made).toStrictEqual(own);
    for (const row of made as object[]) {
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row)).toEqual(['id', 'name', 'score', 'data', 'twice']);
    }
  });

  it('lets the last of two same-named columns win, as better-sqlite3 does', () => {
    const sqlite = open();
    const sql = 'select t.id, u.id from t join t as u on u.id = t.id + 1 order by t.id';
    expect(rowsAsObjects(sqlite.prepare(sql)).all([])).toStrictEqual(sqlite.prepare(sql).all());
  });

  it('leaves a statement with a column named __proto__ to better-sqlite3, so the column never sets the prototype', () => {
    const sqlite = open();
    const sql = 'select 1 as "__proto__", 2 as b';
    const [row] = rowsAsObjects(sqlite.prepare(sql)).all([]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row!.b).toBe(2);
    expect([row]).toStrictEqual(sqlite.prepare(sql).all());
  });

  it('binds parameters, iterates, and reports busy while iterating', () => {
    const sqlite = open();
    const statement = rowsAsObjects(sqlite.prepare('select id, name from t where id >= ? order by id'));
    expect(statement.all([2])).toEqual([
      { id: 2, name: null },
      { id: 3, name: 'c' },
    ]);
    const iterator = statement.iterate([1]);
    expect(iterator.next().value).toEqual({ id: 1, name: 'a' });
    expect(statement.busy).toBe(true);
    expect([...iterator]).toEqual([
      { id: 2, name: null },
      { id: 3, name: 'c' },
    ]);
    expect(statement.busy).toBe(false);
  });

  it('keeps the statements used since the last eviction and lets one that was not go', () => {
    const cache = withStatementCache(open(), 2);
    const [a, b, c] = ['select 1', 'select 2', 'select 3'];
    const first = { a: cache.prepare(a), b: cache.prepare(b) };
    expect(cache.prepare(a)).toBe(first.a);
    // Full: `b` was not used again, so it goes; `a` stays.
    const third = cache.prepare(c);
    expect(cache.prepare(a)).toBe(first.a);
    expect(cache.prepare(c)).toBe(third);
    expect(cache.prepare(b)).not.toBe(first.b);
  });

  it('keeps statements by their SQL and hands a busy one out to nobody else', () => {
    const sqlite = open();
    const cache = withStatementCache(sqlite, 2);
    const sql = 'select id from t order by id';
    const first = cache.prepare(sql);
    expect(cache.prepare(sql)).toBe(first);
    const iterator = first.iterate([]);
    iterator.next();
    const other = cache.prepare(sql);
    expect(other).not.toBe(first);
    expect(other.all([])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    iterator.return?.(undefined);
    // Writes and reads with RETURNING go through the same cache.
    expect(cache.prepare('insert into t (name) values (?) returning id').all(['d'])).toEqual([{ id: 4 }]);
    expect(cache.prepare('update t set name = ? where id = ?').run(['e', 4]).changes).toBe(1);
  });
});
