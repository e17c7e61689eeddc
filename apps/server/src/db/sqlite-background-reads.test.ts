import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database.js';
import { sqliteBackgroundReads } from './sqlite-background-reads.js';

/** A read that takes SQLite a few hundred milliseconds: counting a few million generated rows. */
const slowCount = (n: number) => sql<{ n: number }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < ${n}) select count(*) as n from c`;

describe('heavy reads on a thread of their own (SQLite)', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-scan-'));
    db = createDb({ kind: 'sqlite', file: path.join(dir, 'vgl.sqlite') });
    db.sqlite!.exec("create table notes (id integer primary key, body text); insert into notes (body) values ('first'), ('second')");
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const notes = () => db.kysely.selectFrom('notes' as never).select(['id' as never, 'body' as never]).orderBy('id' as never);

  it('answers what the serving connection would, including what it just committed', async () => {
    expect(await db.scanRead(notes())).toEqual(await notes().execute());
    db.sqlite!.prepare('insert into notes (body) values (?)').run('third');
    expect((await db.scanRead(notes())).map((row) => (row as { body: string }).body)).toEqual(['first', 'second', 'third']);
  });

  it('keeps the event loop free while it reads, where the serving connection would hold it', async () => {
    // The longest gap between the ticks of a 5 ms timer while the work runs: how long any request would have waited.
    const watch = async (work: () => Promise<unknown>) => {
      let last = performance.now();
      let stallMs = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        stallMs = Math.max(stallMs, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
      last = performance.now();
      await work();
      const ms = performance.now() - started - 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      clearInterval(ticker);
      return { ms, stallMs };
    };
    const query = { compile: () => slowCount(5_000_000).compile(db.kysely) };
    const inPlace = await watch(() => slowCount(5_000_000).execute(db.kysely));
    const aside = await watch(() => db.scanRead(query));
    expect(inPlace.stallMs).toBeGreaterThan(inPlace.ms * 0.5); // the read itself held the loop
    if (process.env.SHOW_STALLS) console.warn(JSON.stringify({ inPlace, aside }));
    expect(aside.stallMs, JSON.stringify({ inPlace, aside })).toBeLessThan(Math.max(100, inPlace.stallMs / 4));
  });

  it('rejects a bad query with SQLite’s message and goes on reading', async () => {
    await expect(db.scanRead({ compile: () => sql`select * from missing_table`.compile(db.kysely) })).rejects.toThrow(/no such table/);
    expect(await db.scanRead(notes())).toHaveLength(2);
  });

  it('reads in place when its thread cannot run, and says so once', async () => {
    const logged: string[] = [];
    const inPlace = async <R>(query: { sql: string }) => [{ read: 'in place', sql: query.sql }] as R[];
    const reads = sqliteBackgroundReads(path.join(dir, 'missing.sqlite'), inPlace, (message) => logged.push(message));
    const query = sql`select 1 as n`.compile(db.kysely);
    expect(await reads.all(query)).toEqual([{ read: 'in place', sql: query.sql }]);
    expect(await reads.all(query)).toEqual([{ read: 'in place', sql: query.sql }]);
    expect(logged).toEqual([expect.stringContaining('heavy reads run on the serving thread from now on')]);
    await reads.stop();
  });

  it('reads in place on an in-memory database (no file for a second connection)', async () => {
    const memory = createDb({ kind: 'sqlite', file: ':memory:' });
    memory.sqlite!.exec("create table notes (id integer primary key, body text); insert into notes (body) values ('only')");
    expect(await memory.scanRead(memory.kysely.selectFrom('notes' as never).select('body' as never))).toEqual([{ body: 'only' }]);
    await memory.destroy();
  });
});
