import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIO, envFor } from '../test/cli.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases.js';
import { createDb } from '../db/database.js';
import { createUser } from '../test/users.js';
import { runCli } from './run.js';

describe('npm run vgl', () => {
  it('lists the commands and fails without one', async () => {
    const { io, out } = captureIO();
    expect(await runCli([], {}, io)).toBe(1);
    expect(out.join('\n')).toContain('db:migrate');
  });

  it('rejects an unknown command with a clear message', async () => {
    const { io, err } = captureIO();
    expect(await runCli(['db:explode'], {}, io)).toBe(1);
    expect(err.join('\n')).toContain('Unknown command "db:explode"');
  });

  it('names a bad variable instead of running', async () => {
    const { io, err } = captureIO();
    expect(await runCli(['db:migrate'], { PORT: 'nope' }, io)).toBe(1);
    expect(err.join('\n')).toContain('PORT must be a number');
  });
});

describe.each(dbKinds)('db:migrate on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('applies the migrations, then reports the database up to date', async () => {
    const first = captureIO();
    expect(await runCli(['db:migrate'], envFor(database), first.io)).toBe(0);
    expect(first.out[0]).toMatch(/^Applied \d+ migration\(s\): 0001_app_meta/);
    const second = captureIO();
    expect(await runCli(['db:migrate'], envFor(database), second.io)).toBe(0);
    expect(second.out[0]).toBe('The database is up to date.');
  });
});

describe('db:backup', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await runCli(['db:migrate'], envFor(database), captureIO().io);
  });
  afterAll(() => database.drop());

  it('writes a consistent copy of the live SQLite file', async () => {
    const live = new SQLite(path.join(database.dataDir, 'vgl.sqlite'));
    live.prepare('insert into app_meta (key, value, updated_at) values (?, ?, ?)').run('seeded', 'yes', 1);
    const target = path.join(database.dataDir, 'backups', 'copy.sqlite');
    const { io, out } = captureIO();
    expect(await runCli(['db:backup', target], envFor(database), io)).toBe(0);
    expect(out).toContainEqual(expect.stringContaining(`Backup written to ${target}`));
    expect(out.at(-1)).toContain('No generated secrets'); // this DATA_DIR never saw a server start
    live.close();
    const copy = new SQLite(target, { readonly: true });
    expect(copy.prepare('select value from app_meta where key = ?').get('seeded')).toEqual({ value: 'yes' });
    copy.close();
  });

  it('never overwrites an existing file', async () => {
    const target = path.join(database.dataDir, 'exists.sqlite');
    fs.writeFileSync(target, 'keep me');
    const { io, err } = captureIO();
    expect(await runCli(['db:backup', target], envFor(database), io)).toBe(1);
    expect(err.join()).toContain('already exists');
    expect(fs.readFileSync(target, 'utf8')).toBe('keep me');
  });

  it('asks for a file name', async () => {
    const { io, err } = captureIO();
    expect(await runCli(['db:backup'], envFor(database), io)).toBe(1);
    expect(err.join()).toContain('db:backup <file>');
  });

  it('on PostgreSQL, says plainly what pg_dump said when it cannot reach the database', async () => {
    const { io, err } = captureIO();
    const target = path.join(database.dataDir, 'unreachable.dump');
    expect(await runCli(['db:backup', target], { DATA_DIR: database.dataDir, DATABASE_URL: 'postgres://u:hidden@127.0.0.1:1/db' }, io)).toBe(1);
    expect(err.join()).toMatch(/pg_dump (failed: .*127\.0\.0\.1|runs pg_dump)/);
    // The password is never shown (nor passed as an argument).
    expect(err.join()).not.toContain('hidden');
  });
});

describe.each(dbKinds)('user:role on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await runCli(['db:migrate'], envFor(database), captureIO().io);
    const db = createDb(database.config);
    await createUser(db.kysely, { username: 'Mod_Me' });
    await db.destroy();
  });
  afterAll(() => database.drop());

  it('sets a role by username, any case, and prints the result', async () => {
    const { io, out } = captureIO();
    expect(await runCli(['user:role', 'mod_me', 'admin'], envFor(database), io)).toBe(0);
    expect(out).toEqual(['Mod_Me is now an admin (was user).']);
  });

  it('refuses to demote the last admin', async () => {
    const { io, err } = captureIO();
    expect(await runCli(['user:role', 'Mod_Me', 'user'], envFor(database), io)).toBe(1);
    expect(err.join()).toContain('last admin');
  });

  it('names an unknown user or role', async () => {
    const unknownUser = captureIO();
    expect(await runCli(['user:role', 'ghost', 'admin'], envFor(database), unknownUser.io)).toBe(1);
    expect(unknownUser.err.join()).toContain('There is no user "ghost"');
    const unknownRole = captureIO();
    expect(await runCli(['user:role', 'Mod_Me', 'king'], envFor(database), unknownRole.io)).toBe(1);
    expect(unknownRole.err.join()).toContain('"king" is not a role');
  });
});
