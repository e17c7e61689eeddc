import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { prepareInstance } from '../startup.js';
import { writeFakeWebRoot } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';
import { buildRelease, previousReleases, startRelease, writeSmallSeed, type RunningRelease } from '../test/previous-release.js';
import { signUpMembers, WriteLoad } from '../test/upgrade-writes.js';
import { createDb } from './database.js';
import type { LockWait } from './migrate.js';
import { migrationsFor } from './migrations/index.js';

/**
 * A rolling upgrade (issue 35, docs/operators/upgrading.md): a previous
 * release's server (built from git, .ci/previous-release) serves members who
 * keep writing; the new release starts on the same PostgreSQL database and
 * migrates it under them. No write of theirs may fail beyond a 503 with
 * Retry-After, none may be lost, and the old server keeps working on the new
 * schema. PostgreSQL only: SQLite is one process, upgraded in place
 * (upgrade-sqlite.test.ts).
 */

const SECRET = 'upgrade-test-secret-upgrade-test-secret-0123456789';
const MEMBERS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a rolling upgrade on PostgreSQL (skipped without TEST_DATABASE_URL: SQLite has no rolling upgrade)', () => {
  describe.each(previousReleases())('from $label', (release) => {
    let tree: string;
    let database: TestDatabase;
    let old: RunningRelease | undefined;
    let fresh: FastifyInstance | undefined;
    let sql: pg.Client;
    const dirs: string[] = [];
    const tempDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-upgrade-'));
      dirs.push(dir);
      return dir;
    };

    beforeAll(async () => {
      tree = buildRelease(release);
      database = await createTestDatabase('postgres');
      sql = new pg.Client({ connectionString: database.config.kind === 'postgres' ? database.config.url : '' });
      await sql.connect();
    }, 300_000);

    afterAll(async () => {
      await fresh?.close();
      await old?.stop();
      await sql?.end();
      await database?.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('migrates beside it while it takes writes: none fails, none is lost, and it keeps working on the new schema', async () => {
      const url = database.config.kind === 'postgres' ? database.config.url : '';
      old = await startRelease(tree, { DATABASE_URL: url, JWT_SECRET: SECRET, DATA_DIR: tempDir() });
      const members = await signUpMembers(old.url, MEMBERS, async (usernames) => {
        await sql.query(`update users set state = 'active', activated_at = $2 where username = any($1)`, [usernames, Date.now()]);
      });

      const load = new WriteLoad(old.url, members);
      load.start();
      await until(() => load.answers.length >= 50, 'the first writes to the previous release');

      // The new release starts on the same database and migrates it, the old one still writing.
      const dataDir = tempDir();
      const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, PUBLIC_URL: 'https://vgl.test', JWT_SECRET: SECRET, LOG_LEVEL: 'silent', WIKIDATA_SYNC: 'off' });
      const db = createDb(config.database);
      const lockWaits: LockWait[] = [];
      const startedAt = Date.now();
      const { migrated } = await prepareInstance(config, db, { seedFile: writeSmallSeed(path.join(dataDir, 'seed.jsonl.gz')), onLockWait: (w) => lockWaits.push(w) });
      fresh = await buildApp({
        config,
        db,
        webRoot: writeFakeWebRoot(path.join(dataDir, 'web')),
        logger: false,
        rateLimits: false,
        jobs: { pollSeconds: 0.5, igdbSchedule: { firstRunDelayMs: 3_600_000 }, wikidataSchedule: { firstRunDelayMs: 3_600_000 } },
      });
      const readyAt = Date.now();

      // The previous release goes on writing on the new schema.
      const before = load.answers.length;
      await until(() => load.answers.length >= before + 80, 'writes to the previous release after the upgrade');
      await load.stop();

      const during = load.answers.filter((a) => a.at >= startedAt && a.at < readyAt).length;
      const summary = `${load.answers.length} answers (${during} while the new release started), ${migrated.applied.length} migrations applied, ${lockWaits.length} lock waits`;
      expect(load.failures(), `${summary}\n${old.output()}`).toEqual([]);
      expect(load.acknowledgedSince(readyAt), summary).toBeGreaterThanOrEqual(60);
      expect(migrated.current).toBe(Object.keys(migrationsFor('postgres')).at(-1));
      const { rows: applied } = await sql.query<{ name: string }>('select name from kysely_migration order by name');
      expect(applied.map((r) => r.name)).toEqual(Object.keys(migrationsFor('postgres')));

      // Every acknowledged library write is there as acknowledged; every acknowledged diary session exists.
      const { rows } = await sql.query<{ key: string; status: number; rating: number }>(
        `select u.username || '/' || g.slug as key, e.status, e.rating from library_entries e join users u on u.id = e.user_id join games g on g.id = e.game_id`,
      );
      const stored = new Map(rows.map((r) => [r.key, { status: r.status, rating: r.rating }]));
      const checked = [...load.entries].filter(([key]) => !load.uncertain.has(key));
      expect(checked.length).toBeGreaterThan(0);
      for (const [key, entry] of checked) expect(stored.get(key), key).toEqual(entry);
      const { rows: sessions } = await sql.query<{ id: number }>('select id from diary_entries where id = any($1)', [load.diary.map((d) => d.id)]);
      expect(sessions.length).toBe(load.diary.length);

      // The new release serves what the old one wrote, and writes too.
      const member = members[0]!;
      const library = await fresh.inject({ method: 'GET', url: `/api/users/${member.username}/library` });
      expect(library.statusCode).toBe(200);
      const put = await fresh.inject({
        method: 'PUT',
        url: `/api/users/${member.username}/library/upgrade-test-game-40`,
        headers: { authorization: `Bearer ${member.token}` },
        payload: { status: 2, rating: 8 },
      });
      expect(put.statusCode, put.body).toBeLessThan(300);
    }, 180_000);
  });
});
