import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Generated } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, withStatementCache } from './database.js';
import { queuedSqliteDialect } from './sqlite-queue.js';

describe('the queued SQLite connection', () => {
  it('keeps a transaction to itself while other queries wait their turn', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-queue-'));
    const db = createDb({ kind: 'sqlite', file: path.join(dir, 'vgl.sqlite') });
    try {
      db.sqlite!.exec('create table counter (n integer not null); insert into counter values (0)');
      // 50 read-then-write transactions at once, each yielding between its read and its write: none may interleave.
      await Promise.all(
        Array.from({ length: 50 }, () =>
          db.kysely.transaction().execute(async (trx) => {
            const { n } = await trx.selectFrom('counter' as never).select('n' as never).executeTakeFirstOrThrow() as { n: number };
            await new Promise((resolve) => setImmediate(resolve));
            await trx.updateTable('counter' as never).set({ n: n + 1 } as never).execute();
          }),
        ),
      );
      expect(db.sqlite!.prepare('select n from counter').get()).toEqual({ n: 50 });
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('commit groups (SQLite, the serving app)', () => {
  /** A database whose writes commit in groups, and a second connection to the same file: it sees only what was committed. */
  async function withGroups(test: (db: ReturnType<typeof createDb>, committed: SQLite.Database) => Promise<void>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-groups-'));
    const file = path.join(dir, 'vgl.sqlite');
    const db = createDb({ kind: 'sqlite', file });
    db.sqlite!.exec(`create table t (id integer primary key, name text not null unique);
      create trigger t_lost before insert on t when new.name = 'lost' begin select raise(rollback, 'the whole transaction is rolled back'); end;`);
    db.commitInGroups();
    const committed = new SQLite(file, { readonly: true });
    try {
      await test(db, committed);
    } finally {
      committed.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const t = (db: ReturnType<typeof createDb>) => db.kysely as unknown as Kysely<{ t: { id: Generated<number>; name: string } }>;
  const namesIn = (committed: SQLite.Database) => (committed.prepare('select name from t order by name').pluck().all() as string[]);

  it('answers each write only once it is committed, and commits a turn of writes together', async () => {
    await withGroups(async (db, committed) => {
      const seenWhenAnswered: boolean[] = [];
      const write = async (name: string) => {
        await t(db).insertInto('t').values({ name }).execute();
        seenWhenAnswered.push(namesIn(committed).includes(name));
      };
      const inTransaction = (name: string) => t(db).transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ name: `${name}-1` }).execute();
        await trx.insertInto('t').values({ name: `${name}-2` }).execute();
      }).then(() => seenWhenAnswered.push(namesIn(committed).includes(`${name}-2`)));
      await Promise.all([...Array.from({ length: 20 }, (_, i) => write(`w${i}`)), inTransaction('x'), inTransaction('y')]);
      expect(seenWhenAnswered).toEqual(Array(22).fill(true));
      expect(namesIn(committed)).toHaveLength(24);
      // A read on the serving connection sees a write waiting for its group, as it saw each write once committed.
      const pending = t(db).insertInto('t').values({ name: 'z' }).execute();
      while (!db.sqlite!.inTransaction) await Promise.resolve();
      expect(await t(db).selectFrom('t').select('name').where('name', '=', 'z').execute()).toEqual([{ name: 'z' }]);
      expect(namesIn(committed)).not.toContain('z');
      await pending;
      expect(namesIn(committed)).toContain('z');
    });
  });

  it('undoes a failed transaction or statement alone, and keeps the rest of its group', async () => {
    await withGroups(async (db, committed) => {
      const results = await Promise.allSettled([
        t(db).insertInto('t').values({ name: 'a' }).execute(),
        t(db).transaction().execute(async (trx) => {
          await trx.insertInto('t').values({ name: 'b' }).execute();
          throw new Error('changed my mind');
        }),
        t(db).insertInto('t').values({ name: 'a' }).execute(),
        t(db).insertInto('t').values({ name: 'c' }).execute(),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
      expect(namesIn(committed)).toEqual(['a', 'c']);
    });
  });

  it('fails every write of a group SQLite rolled back by itself, and commits the next group', async () => {
    await withGroups(async (db, committed) => {
      const results = await Promise.allSettled([
        t(db).insertInto('t').values({ name: 'before' }).execute(),
        t(db).transaction().execute(async (trx) => {
          await trx.insertInto('t').values({ name: 'member' }).execute();
        }),
        t(db).insertInto('t').values({ name: 'lost' }).execute(),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(namesIn(committed)).toEqual([]);
      await t(db).insertInto('t').values({ name: 'after' }).execute();
      expect(namesIn(committed)).toEqual(['after']);
    });
  });

  it('commits a group that has been open a few milliseconds with the write that finds it so, before the turn ends', async () => {
    await withGroups(async (db, committed) => {
      let turnEnded = false;
      setImmediate(() => (turnEnded = true));
      await t(db).transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ name: 'slow' }).execute();
        const until = performance.now() + 6;
        while (performance.now() < until);
      });
      expect(turnEnded).toBe(false);
      expect(namesIn(committed)).toEqual(['slow']);
    });
  });

  it('lets the reads of a round share one read transaction, which ends with the round', async () => {
    await withGroups(async (db) => {
      const elsewhere = new SQLite(db.sqlite!.name);
      try {
        const names = async () => (await t(db).selectFrom('t').select('name').orderBy('name').execute()).map((row) => row.name);
        expect(await names()).toEqual([]);
        expect(db.sqlite!.inTransaction).toBe(true);
        // Another connection writes meanwhile (WAL): this round's reads go on seeing the database as at their first.
        elsewhere.prepare("insert into t (name) values ('from elsewhere')").run();
        expect(await names()).toEqual([]);
        await new Promise((resolve) => setImmediate(resolve));
        expect(db.sqlite!.inTransaction).toBe(false);
        expect(await names()).toEqual(['from elsewhere']);
      } finally {
        elsewhere.close();
      }
    });
  });

  it('ends the round’s read transaction for a write or a transaction after a read', async () => {
    await withGroups(async (db, committed) => {
      const read = () => t(db).selectFrom('t').select('name').execute();
      await read();
      await t(db).insertInto('t').values({ name: 'after a read' }).execute();
      expect(namesIn(committed)).toEqual(['after a read']);
      await read();
      await t(db).transaction().execute((trx) => trx.insertInto('t').values({ name: 'in a transaction' }).execute());
      expect(namesIn(committed)).toEqual(['after a read', 'in a transaction']);
      await read();
      await new Promise((resolve) => setImmediate(resolve));
      expect(db.sqlite!.inTransaction).toBe(false);
    });
  });

  it('keeps reads out of transactions where writes do not commit in groups (the CLI, migrations)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-groups-'));
    const db = createDb({ kind: 'sqlite', file: path.join(dir, 'vgl.sqlite') });
    try {
      db.sqlite!.exec('create table t (id integer primary key, name text not null)');
      await t(db).selectFrom('t').selectAll().execute();
      expect(db.sqlite!.inTransaction).toBe(false);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('commits what is pending when the database is closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-groups-'));
    const file = path.join(dir, 'vgl.sqlite');
    const db = createDb({ kind: 'sqlite', file });
    db.sqlite!.exec('create table t (id integer primary key, name text not null)');
    db.commitInGroups();
    const pending = t(db).insertInto('t').values({ name: 'last' }).execute();
    // Written, waiting for the end of the turn to be committed.
    while (!db.sqlite!.inTransaction) await Promise.resolve();
    await db.destroy();
    await pending;
    const reopened = new SQLite(file);
    expect(namesIn(reopened)).toEqual(['last']);
    reopened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the queued SQLite connection’s leases', () => {
  it('hands its connection objects out again once given back (Kysely keeps every one it sees)', async () => {
    const dialect = queuedSqliteDialect(withStatementCache(new SQLite(':memory:')));
    const kysely = new Kysely<{ t: { n: number } }>({ dialect });
    try {
      await kysely.schema.createTable('t').addColumn('n', 'integer').execute();
      for (let i = 0; i < 100; i++) await kysely.insertInto('t').values({ n: i }).execute();
      expect(dialect.leasesMade).toBe(1);
      // As many as were out at once.
      await Promise.all(Array.from({ length: 20 }, () => kysely.selectFrom('t').selectAll().execute()));
      expect(dialect.leasesMade).toBeLessThanOrEqual(20);
      const after = dialect.leasesMade;
      await Promise.all(Array.from({ length: 20 }, () => kysely.selectFrom('t').selectAll().execute()));
      expect(dialect.leasesMade).toBe(after);
    } finally {
      await kysely.destroy();
    }
  });
});
