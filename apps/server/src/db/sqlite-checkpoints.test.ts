import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, openSqlite, type Db } from './database.js';
import { checkpointInBackground } from './sqlite-checkpoints.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite checkpoints on a worker thread', () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fill = (sqlite: NonNullable<Db['sqlite']>) => {
    sqlite.exec('create table t (id integer primary key, body text)');
    const insert = sqlite.prepare('insert into t (body) values (?)');
    // ~5 MB: far below the serving connection's own backstop (~40 MB), so only the checkpointer moves it.
    sqlite.transaction(() => {
      for (let i = 0; i < 5000; i += 1) insert.run('x'.repeat(1000));
    })();
  };

  it('moves committed pages into the database file without the serving connection', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-ckpt-'));
    const file = path.join(dir, 'vgl.sqlite');
    db = createDb({ kind: 'sqlite', file }, { backgroundCheckpoints: true });
    fill(db.sqlite!);
    const deadline = Date.now() + 5000;
    while (fs.statSync(file).size < 5_000_000 && Date.now() < deadline) await sleep(50);
    expect(fs.statSync(file).size).toBeGreaterThan(5_000_000);
    expect(db.sqlite!.prepare('select count(*) as n from t').get()).toEqual({ n: 5000 });
  });

  it('leaves it to the serving connection when not asked, and stops with the database', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-ckpt-'));
    const file = path.join(dir, 'vgl.sqlite');
    db = createDb({ kind: 'sqlite', file });
    fill(db.sqlite!);
    await sleep(400);
    // The default automatic checkpoint (1,000 pages) ran inside the commit.
    expect(fs.statSync(file).size).toBeGreaterThan(5_000_000);
    await db.destroy();
    db = createDb({ kind: 'sqlite', file }, { backgroundCheckpoints: true });
    const started = Date.now();
    await db.destroy();
    expect(Date.now() - started).toBeLessThan(1500);
    db = undefined;
  });

  it('starts its thread only once something is written (a quiet server keeps none)', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-ckpt-'));
    const file = path.join(dir, 'vgl.sqlite');
    const sqlite = openSqlite(file);
    sqlite.exec('create table t (id integer primary key, body text)');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    // This connection never checkpoints by itself: what reaches the file is the checkpointer's work.
    sqlite.pragma('wal_autocheckpoint = 0');
    const checkpoints = checkpointInBackground(file, () => {}, 20);
    try {
      // Reads leave the WAL empty: no thread.
      sqlite.prepare('select count(*) from t').get();
      await sleep(150);
      expect(checkpoints.running).toBe(false);
      sqlite.prepare('insert into t (body) values (?)').run('x');
      const deadline = Date.now() + 3000;
      while (!checkpoints.running && Date.now() < deadline) await sleep(20);
      expect(checkpoints.running).toBe(true);
      // …and it checkpoints what was written.
      sqlite.transaction(() => {
        for (let i = 0; i < 3000; i += 1) sqlite.prepare('insert into t (body) values (?)').run('y'.repeat(1000));
      })();
      while (fs.statSync(file).size < 3_000_000 && Date.now() < deadline + 3000) await sleep(50);
      expect(fs.statSync(file).size).toBeGreaterThan(3_000_000);
    } finally {
      await checkpoints.stop();
      sqlite.close();
    }
    expect(checkpoints.running).toBe(false);
  });
});
