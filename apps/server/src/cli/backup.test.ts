import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { usersRepo } from '../modules/users/users.repo.js';
import { resolveJwtSecret } from '../secrets.js';
import { writeFakeWebRoot } from '../test/app.js';
import { captureIO, envFor } from '../test/cli.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases.js';
import { bearer, createUser, loginToken } from '../test/users.js';
import { withDatabase } from './backup.postgres.js';
import { runCli } from './run.js';

/*
 * A backup taken while VGL runs, and restored after the data changed: the
 * data of that time is back, and so is a session signed before the backup,
 * because the secret that signed it travels beside the backup. A file that
 * is not a whole VGL backup is refused and the live database is untouched.
 */
describe.each(dbKinds)('db:backup and db:restore on %s', (kind) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let dir: string;
  let backup: string;
  const asideDatabases: string[] = [];

  /** An instance as `npm start` makes it, with the secret generated into DATA_DIR (no JWT_SECRET). */
  async function start(): Promise<{ app: FastifyInstance; db: Db }> {
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const db = createDb(config.database);
    await migrateToLatest(db);
    config.jwtSecret = resolveJwtSecret(config.dataDir, undefined);
    const app = await buildApp({ config, db, webRoot: writeFakeWebRoot(path.join(dir, 'web')), logger: false, rateLimits: false });
    return { app, db };
  }
  const usernames = async (db: Db) => (await db.kysely.selectFrom('users').select('username').orderBy('username').execute()).map((u) => u.username);
  const restore = async (file: string, ...flags: string[]) => {
    const io = captureIO();
    const code = await runCli(['db:restore', file, ...flags], env, io.io);
    return { code, out: io.out.join('\n'), err: io.err.join('\n') };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = envFor(database);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-backups-'));
    backup = path.join(dir, 'vgl.backup');
  });
  afterAll(async () => {
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      for (const name of asideDatabases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('brings back the data and the sessions of the time of the backup, keeping the replaced database aside', async () => {
    const before = await start();
    await createUser(before.db.kysely, { username: 'Keeper' });
    const token = await loginToken(before.app, 'Keeper');
    const backedUp = captureIO();
    expect(await runCli(['db:backup', backup], env, backedUp.io)).toBe(0);
    expect(backedUp.out.join('\n')).toContain(`Backup written to ${backup}`);
    expect(backedUp.out.join('\n')).toContain(`Secrets written to ${backup}.secrets`);
    expect(fs.statSync(`${backup}.secrets`).mode & 0o777).toBe(0o600);

    // After the backup: a new member, and Keeper signed out everywhere.
    await createUser(before.db.kysely, { username: 'Newcomer' });
    const keeper = (await usersRepo.findByUsername(before.db.kysely, 'Keeper'))!;
    await usersRepo.update(before.db.kysely, keeper.id, { token_version: keeper.token_version + 1 });
    expect((await before.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
    await before.app.close();
    // The machine rebuilt: DATA_DIR has a new secret of its own.
    fs.writeFileSync(path.join(database.dataDir, 'jwt-secret'), `${'n'.repeat(64)}\n`);

    const restored = await restore(backup);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain('Restored the secrets in');

    const after = await start();
    try {
      expect(await usernames(after.db)).toEqual(['Keeper']);
      const profile = await after.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
      expect(profile.statusCode).toBe(200);
    } finally {
      await after.app.close();
    }

    // What the restore replaced is kept, whole.
    if (kind === 'sqlite') {
      const aside = fs.readdirSync(database.dataDir).find((f) => /^vgl\.sqlite\.replaced-[\dTZ-]+$/.test(f));
      expect(aside).toBeDefined();
      const old = new SQLite(path.join(database.dataDir, aside!), { readonly: true });
      expect(old.prepare('select username from users order by username').all()).toEqual([{ username: 'Keeper' }, { username: 'Newcomer' }]);
      old.close();
    } else {
      const aside = restored.out.match(/kept as the database (\S+) /)?.[1];
      expect(aside).toBeDefined();
      asideDatabases.push(aside!);
      const old = new pg.Client({ connectionString: withDatabase(database.config.kind === 'postgres' ? database.config.url : '', aside!) });
      await old.connect();
      expect((await old.query('select username from users order by username')).rows).toEqual([{ username: 'Keeper' }, { username: 'Newcomer' }]);
      await old.end();
    }
    const secretsAside = fs.readdirSync(database.dataDir).filter((f) => f.startsWith('jwt-secret.replaced-'));
    expect(secretsAside).toHaveLength(1);
    expect(fs.readFileSync(path.join(database.dataDir, secretsAside[0]!), 'utf8')).toBe(`${'n'.repeat(64)}\n`);
  });

  it('refuses while an instance uses the database', async () => {
    const running = await start();
    try {
      const refused = await restore(backup);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(kind === 'sqlite' ? /An instance seems to be running: process \d+ has .*vgl\.sqlite open/ : /session\(s\) use the database/);
      expect(refused.err).toContain('--force');
      expect(refused.err).toContain('Nothing was changed.');
      expect(await usernames(running.db)).toEqual(['Keeper']);
    } finally {
      await running.app.close();
    }
  });

  it.runIf(kind === 'sqlite')('takes a write-ahead log left by a process that died for a running instance, until told otherwise with --force', async () => {
    // No process holds the database, but its log is there, as after a crash.
    const wal = path.join(database.dataDir, 'vgl.sqlite-wal');
    fs.writeFileSync(wal, '');
    const refused = await restore(backup);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`its write-ahead log (${wal}) is there`);
    const forced = await restore(backup, '--force');
    expect(forced.err).toBe('');
    expect(forced.code).toBe(0);
    expect(fs.existsSync(wal)).toBe(false);
    const after = await start();
    try {
      expect(await usernames(after.db)).toEqual(['Keeper']);
    } finally {
      await after.app.close();
    }
  });

  it('refuses a file that is not a VGL backup, or one cut short, and loses nothing', async () => {
    const live = await start();
    await createUser(live.db.kysely, { username: 'Stays' });
    await live.app.close();

    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a backup at all\n'.repeat(100));
    const notBackup = await restore(text);
    expect(notBackup.code).toBe(1);
    expect(notBackup.err).toMatch(/is not a VGL backup: (it is not an SQLite database|pg_restore cannot read it)/);

    if (kind === 'sqlite') {
      const other = path.join(dir, 'other.sqlite');
      const foreign = new SQLite(other);
      foreign.exec('create table notes (id integer primary key, body text)');
      foreign.close();
      const otherDb = await restore(other);
      expect(otherDb.code).toBe(1);
      expect(otherDb.err).toContain('is an SQLite database, but not a VGL one');
    }

    const cut = path.join(dir, 'cut.backup');
    const whole = fs.readFileSync(backup);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const truncated = await restore(cut);
    expect(truncated.code).toBe(1);
    expect(truncated.err).toContain(`${cut} is damaged (truncated or corrupted)`);
    expect(truncated.err).toContain('Nothing was changed.');

    const after = await start();
    try {
      expect(await usernames(after.db)).toEqual(['Keeper', 'Stays']);
    } finally {
      await after.app.close();
    }
    // No half-restored copy is left behind.
    expect(fs.readdirSync(database.dataDir).filter((f) => f.includes('.restoring-'))).toEqual([]);
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const leftovers = await admin.query("select datname from pg_database where datname like '%\\_restoring\\_%'");
      await admin.end();
      expect(leftovers.rows.filter((r: { datname: string }) => r.datname.startsWith(database.config.kind === 'postgres' ? new URL(database.config.url).pathname.slice(1) : ''))).toEqual([]);
    }
  });
});
