import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { prepareInstance } from '../startup.js';
import { writeFakeWebRoot } from '../test/app.js';
import { buildRelease, previousReleases, startRelease, writeSmallSeed, type RunningRelease } from '../test/previous-release.js';
import { signUpMembers, WriteLoad } from '../test/upgrade-writes.js';
import { createDb, type Db } from './database.js';
import { migrationsFor } from './migrations/index.js';

/**
 * A SQLite database upgrades in place (one process: stop the old release,
 * start the new one on the same file; docs/operators/upgrading.md). The
 * file is made by a previous release's server (.ci/previous-release), with
 * members and what they wrote; the new code opens it, applies every
 * migration, and finds all of it.
 */

const SECRET = 'upgrade-test-secret-upgrade-test-secret-0123456789';
const COUNTED = ['users', 'library_entries', 'library_entry_platforms', 'diary_entries', 'follows', 'activities'] as const;

const count = (sqlite: SQLite.Database, table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe.each(previousReleases())('a SQLite file from $label', (release) => {
  let tree: string;
  let old: RunningRelease | undefined;
  let db: Db | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-upgrade-sqlite-'));

  beforeAll(() => {
    tree = buildRelease(release);
  }, 300_000);

  afterAll(async () => {
    await old?.stop();
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens with the new code: every migration applies, and all that was written is there', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dataDir, 'vgl.sqlite');
    old = await startRelease(tree, { DATA_DIR: dataDir, JWT_SECRET: SECRET });
    const members = await signUpMembers(old.url, 3, async (usernames) => {
      const sqlite = new SQLite(file);
      sqlite.pragma('busy_timeout = 5000');
      sqlite.prepare(`update users set state = 'active', activated_at = ? where username in (${usernames.map(() => '?').join(', ')})`).run(Date.now(), ...usernames);
      sqlite.close();
    });
    const load = new WriteLoad(old.url, members);
    load.start();
    while (load.answers.length < 90) await new Promise((r) => setTimeout(r, 20));
    await load.stop();
    expect(load.failures()).toEqual([]);
    // Each member's export from the previous release, to compare with the new one's after the upgrade.
    const exportsBefore = await Promise.all(
      members.map(async (m) => (await fetch(`${old!.url}/api/users/${m.username}/library/export`, { headers: { authorization: `Bearer ${m.token}` } })).text()),
    );
    await old.stop();
    old = undefined;

    const before = new SQLite(file, { readonly: true });
    const counts = Object.fromEntries(COUNTED.map((t) => [t, count(before, t)]));
    before.close();
    expect(counts.library_entries).toBeGreaterThan(0);

    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://vgl.test', JWT_SECRET: SECRET, LOG_LEVEL: 'silent', WIKIDATA_SYNC: 'off' });
    db = createDb(config.database);
    const { migrated } = await prepareInstance(config, db, { seedFile: writeSmallSeed(path.join(dir, 'seed.jsonl.gz')) });
    const names = Object.keys(migrationsFor('sqlite'));
    expect(migrated.current).toBe(names.at(-1));
    const sqlite = db.sqlite!;
    expect((sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name)).toEqual(names);
    expect(Object.fromEntries(COUNTED.map((t) => [t, count(sqlite, t)]))).toEqual(counts);
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');

    const rows = sqlite
      .prepare(`select u.username || '/' || g.slug as key, e.status, e.rating from library_entries e join users u on u.id = e.user_id join games g on g.id = e.game_id`)
      .all() as { key: string; status: number; rating: number }[];
    const stored = new Map(rows.map((r) => [r.key, { status: r.status, rating: r.rating }]));
    const checked = [...load.entries].filter(([key]) => !load.uncertain.has(key));
    expect(checked.length).toBeGreaterThan(0);
    for (const [key, entry] of checked) expect(stored.get(key), key).toEqual(entry);
    // Issue 38 (0051): every entry the previous release wrote that was played is a first play with its dates and rating;
    // its sessions stay in that first play (migrate-plays.test.ts checks this over a seeded library of realistic size).
    const withoutFirstPlay = sqlite
      .prepare(
        `select count(*) as n from library_entries e where ((e.status is not null and e.status <> 4) or e.rating is not null or e.review is not null
           or e.started_on is not null or e.finished_on is not null or exists (select 1 from diary_entries d where d.entry_id = e.id))
         and not exists (select 1 from plays p where p.entry_id = e.id and p.replay = 0 and p.user_id = e.user_id
           and p.rating is e.rating and p.finished_on is e.finished_on)`,
      )
      .get() as { n: number };
    expect(withoutFirstPlay.n).toBe(0);
    expect(count(sqlite, 'plays')).toBeGreaterThan(0);
    expect(sqlite.prepare('select count(*) as n from diary_entries where replay = 0 and play_id is not null').get()).toEqual({ n: 0 });

    // The new server serves the members' libraries, and signs them in with what they chose.
    const app = await buildApp({ config, db, webRoot: writeFakeWebRoot(path.join(dir, 'web')), logger: false, rateLimits: false, loadSignals: false, jobs: { pollSeconds: 0.5, igdbSchedule: { firstRunDelayMs: 3_600_000 }, wikidataSchedule: { firstRunDelayMs: 3_600_000 } } });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: members[0]!.username, password: 'Upgrade1Pass' } });
      expect(login.statusCode, login.body).toBe(200);
      const library = await app.inject({ method: 'GET', url: `/api/users/${members[0]!.username}/library` });
      expect(library.statusCode).toBe(200);
      expect(Number(library.headers['x-total-count'])).toBe(rows.filter((r) => r.key.startsWith(`${members[0]!.username}/`)).length);
      // Stats count the plays the migration made (0052), for a member the previous release served.
      const stats = await app.inject({ method: 'GET', url: `/api/users/${members[0]!.username}/stats` });
      expect(stats.statusCode, stats.body).toBe(200);
      expect(stats.json()).toMatchObject({ totals: { playsFinished: expect.any(Number), replaysFinished: expect.any(Number) } });
      // Every member's export says all it said before, row for row and cell for cell; the new release adds its play rows and column.
      for (const [i, m] of members.entries()) {
        const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: m.username, password: 'Upgrade1Pass' } })).json().token as string;
        const after = (await app.inject({ method: 'GET', url: `/api/users/${m.username}/library/export`, headers: { authorization: `Bearer ${token}` } })).body;
        const records = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
        const [oldRecords, newRecords] = [records(exportsBefore[i]!), records(after)];
        const columns = Object.keys(oldRecords[0] ?? {});
        const kept = newRecords.filter((r) => r.record_type !== 'play').map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])));
        expect(kept, m.username).toEqual(oldRecords);
        expect(newRecords.some((r) => r.record_type === 'play')).toBe(true);
      }
    } finally {
      await app.close();
      db = undefined;
    }
  }, 120_000);
});
