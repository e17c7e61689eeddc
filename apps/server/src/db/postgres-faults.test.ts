import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeWebRoot, createTestApp } from '../test/app.js';
import { seedGames } from '../test/catalog.js';
import { faultProblem } from '../test/faults.js';
import { noPgCluster, startPgCluster, type PgCluster } from '../test/pg-cluster.js';
import { bearer, createUser, loginToken } from '../test/users.js';
import { createDb } from './database.js';

/**
 * PostgreSQL's faults under concurrent requests (issue 35, finding 1), on a
 * cluster of the test's own that it stops, starts and cuts sessions of: every
 * answer is a success or a 503 with Retry-After, never a 500; the server's
 * process lives on; readiness says why and recovers by itself; every write
 * acknowledged before is there after.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CHILD = path.join(ROOT, 'apps/server/src/test/child-server.ts');
const SECRET = 'fault-test-secret-fault-test-secret-0123456789';
const GAMES = Array.from({ length: 30 }, (_, i) => ({ name: `Fault Game ${i}`, slug: `fault-${i}`, year: 2000 + (i % 20), platforms: ['win'] }));
const USERS = 8;
const WORKERS_PER_USER = 3;
const GAMES_PER_WORKER = GAMES.length / WORKERS_PER_USER;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createDatabase(cluster: PgCluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return cluster.urlOf(name);
}

interface ChildServer {
  url: string;
  process: ChildProcess;
  /** The JSON log lines it wrote so far. */
  logs(): Record<string, unknown>[];
  output(): string;
  stop(): Promise<void>;
}

/** child-server.ts in a process of its own (through tsx, so the code under test is the source). */
async function startChild(env: Record<string, string>): Promise<ChildServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-child-'));
  const seed = path.join(dataDir, 'games.jsonl');
  fs.writeFileSync(seed, GAMES.map((g) => JSON.stringify(g)).join('\n'));
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'info',
      ACCESS_LOG: 'off',
      WIKIDATA_SYNC: 'off',
      VGL_TEST_SEED: seed,
      VGL_TEST_WEB_ROOT: writeFakeWebRoot(path.join(dataDir, 'web')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /^listening (\d+)$/m.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    logs: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * USERS × WORKERS_PER_USER loops, each alone on its games, alternating a
 * write (its entry's review, a new text each time) and a read, until told to
 * stop. Each loop's writes are sequential, so for each entry the review the
 * database keeps must be the last one acknowledged — or one tried after it,
 * whose answer (a 503 as the connection broke) could not say.
 */
function load(url: string, members: { name: string; token: string }[]) {
  const answers: Answer[] = [];
  const entries = new Map<string, { acked: string | undefined; since: string[] }>();
  let running = true;
  let seq = 0;
  const ask = async (method: string, at: string, token?: string, body?: object): Promise<Answer> => {
    try {
      const res = await fetch(`${url}${at}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const answer = { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
      answers.push(answer);
      return answer;
    } catch (err) {
      // The server is gone, or dropped the connection: never an answer a fault may give.
      const answer = { statusCode: 0, headers: {}, body: `no answer: ${String(err)}` };
      answers.push(answer);
      return answer;
    }
  };
  const loops = members.flatMap((member) =>
    Array.from({ length: WORKERS_PER_USER }, async (_, worker) => {
      for (let n = 0; running; n++) {
        const slug = `fault-${worker * GAMES_PER_WORKER + (n % GAMES_PER_WORKER)}`;
        const key = `${member.name}/${slug}`;
        const review = `Review ${(seq += 1)} of ${key}`;
        const entry = entries.get(key) ?? { acked: undefined, since: [] };
        entries.set(key, entry);
        entry.since.push(review);
        const wrote = await ask('PUT', `/api/users/${member.name}/library/${slug}`, member.token, { status: 1, review });
        if (wrote.statusCode === 200 || wrote.statusCode === 201) {
          entry.acked = review;
          entry.since = [];
        }
        await ask('GET', n % 2 ? `/api/users/${member.name}/library` : `/api/igdb/games/${slug}`);
      }
    }),
  );
  return {
    answers,
    entries,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function readiness(url: string): Promise<Answer> {
  const res = await fetch(`${url}/api/health/ready`).catch(() => undefined);
  return res ? { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() } : { statusCode: 0, headers: {}, body: 'no answer' };
}

async function readinessBecomes(url: string, status: number, withinMs = 20_000): Promise<Answer> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const res = await readiness(url);
    if (res.statusCode === status || Date.now() > deadline) return res;
    await pause(100);
  }
}

const cannotRun = noPgCluster();
if (cannotRun) console.warn(`Skipping the PostgreSQL fault tests: ${cannotRun}`);

describe.skipIf(cannotRun !== undefined)('PostgreSQL faults, on a cluster of the test’s own', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(() => cluster?.destroy());

  describe('a server process under 48 requests in flight', () => {
    let server: ChildServer;
    let databaseUrl: string;
    let members: { name: string; token: string }[];

    beforeAll(async () => {
      databaseUrl = await createDatabase(cluster, 'vgl_child');
      server = await startChild({ DATABASE_URL: databaseUrl, DB_POOL_MAX: '6' });
      const db = createDb({ kind: 'postgres', url: databaseUrl });
      try {
        const users = await Promise.all(Array.from({ length: USERS }, (_, i) => createUser(db.kysely, { username: `loader${i}` })));
        members = await Promise.all(
          users.map(async ({ username }) => {
            const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: username, password: 'Secret123' }) });
            return { name: username, token: ((await res.json()) as { token: string }).token };
          }),
        );
      } finally {
        await db.destroy();
      }
    });
    afterAll(() => server?.stop());

    /** Runs the load around `fault`, then checks the answers, the process, readiness and the acknowledged writes. */
    async function underLoad(fault: () => Promise<void>) {
      const before = server.logs().length;
      const traffic = load(server.url, members);
      await pause(500);
      await fault();
      const ready = await readinessBecomes(server.url, 200);
      await pause(500);
      await traffic.stop();

      expect(server.process.exitCode).toBeNull();
      expect(ready.statusCode).toBe(200);
      expect(traffic.answers.map(faultProblem).filter(Boolean)).toEqual([]);
      const successes = traffic.answers.filter((a) => a.statusCode < 400).length;
      expect(successes).toBeGreaterThan(0);

      const db = createDb({ kind: 'postgres', url: databaseUrl });
      try {
        const rows = await db.kysely
          .selectFrom('library_entries')
          .innerJoin('users', 'users.id', 'library_entries.user_id')
          .innerJoin('games', 'games.id', 'library_entries.game_id')
          .select(['users.username', 'games.slug', 'library_entries.review'])
          .execute();
        const kept = new Map(rows.map((row) => [`${row.username}/${row.slug}`, row.review]));
        const lost = [...traffic.entries].filter(([key, { acked, since }]) => acked !== undefined && kept.get(key) !== acked && !since.includes(kept.get(key) ?? ''));
        expect(lost).toEqual([]);
      } finally {
        await db.destroy();
      }
      return { answers: traffic.answers, logs: server.logs().slice(before) };
    }

    it('PostgreSQL stopped for 3 s and started again: 503s with Retry-After meanwhile, the process lives, readiness returns by itself', async () => {
      let notReady: Answer | undefined;
      const { answers, logs } = await underLoad(async () => {
        cluster.stop('fast');
        await pause(1000);
        notReady = await readiness(server.url);
        await pause(2000);
        cluster.start();
      });
      expect(notReady?.statusCode).toBe(503);
      expect(JSON.parse(notReady!.body)).toMatchObject({ error: 'database_unavailable' });
      const unavailable = answers.filter((a) => a.statusCode === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(JSON.parse(unavailable[0]!.body)).toMatchObject({ error: 'database_unavailable', statusCode: 503 });
      // Logged once per kind of fault, not once per failed request; and once when it is over.
      const faults = logs.filter((line) => line.fault !== undefined && line.level === 50);
      expect(faults.filter((line) => line.fault === 'database_unavailable')).toHaveLength(1);
      expect(faults.length).toBeLessThan(unavailable.length);
      expect(String(faults[0]!.msg)).toMatch(/^PostgreSQL \(127\.0\.0\.1:\d+\/vgl_child\) is not reachable/);
      expect(server.process.exitCode).toBeNull();
    });

    it('every session of the database terminated (pg_terminate_backend), twice: the process lives, answers stay 2xx or 503', async () => {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        await underLoad(async () => {
          for (let i = 0; i < 2; i++) {
            const { rows } = await admin.query<{ ended: number }>(
              'select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
              ['vgl_child'],
            );
            expect(rows[0]!.ended).toBeGreaterThan(0);
            await pause(700);
          }
        });
      } finally {
        await admin.end();
      }
    });
  });

  describe('in this process', () => {
    let testDatabaseUrl: string | undefined;
    beforeAll(() => {
      // createTestApp makes (and drops) its database on the server TEST_DATABASE_URL names: this cluster.
      testDatabaseUrl = process.env.TEST_DATABASE_URL;
      process.env.TEST_DATABASE_URL = cluster.url;
    });
    afterAll(() => {
      if (testDatabaseUrl === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = testDatabaseUrl;
    });

    it('a pool used up (DB_POOL_MAX=1, its connection held) answers 503 database_busy after the wait, not never', async () => {
      const t = await createTestApp('postgres', { env: { DB_POOL_MAX: '1' } });
      try {
        await seedGames(t, GAMES.slice(0, 1));
        const alice = await createUser(t.db.kysely, { username: 'alice' });
        const token = await loginToken(t.app, alice.username);
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let holding!: Promise<void>;
        await new Promise<void>((taken) => {
          holding = t.db.kysely.connection().execute(async () => {
            taken();
            await held;
          });
        });
        const answers = await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ method: 'PUT', url: '/api/users/alice/library/fault-0', headers: bearer(token), payload: { status: 1 } })));
        release();
        await holding;
        expect(answers.map(faultProblem).filter(Boolean)).toEqual([]);
        expect(answers.map((a) => [a.statusCode, a.json<{ error: string }>().error, a.headers['retry-after']])).toEqual(answers.map(() => [503, 'database_busy', '1']));
        expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });

    it('a statement over DB_STATEMENT_TIMEOUT_MS (a lock held elsewhere) answers 503 database_slow; the same write goes through once the lock is gone', async () => {
      const t = await createTestApp('postgres', { env: { DB_STATEMENT_TIMEOUT_MS: '300' } });
      const locker = new pg.Client({ connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '' });
      try {
        await seedGames(t, GAMES.slice(0, 1));
        const alice = await createUser(t.db.kysely, { username: 'alice' });
        const token = await loginToken(t.app, alice.username);
        await locker.connect();
        await locker.query('begin');
        await locker.query('select id from users where id = $1 for update', [alice.id]);
        // A library write locks its member's row first (concurrency.ts lockMember): it waits for the locker, then is cancelled.
        const write = () => t.app.inject({ method: 'PUT', url: '/api/users/alice/library/fault-0', headers: bearer(token), payload: { status: 1, review: 'Waiting for a lock' } });
        const slow = await Promise.all([write(), write(), write()]);
        expect(slow.map(faultProblem).filter(Boolean)).toEqual([]);
        expect(slow.map((a) => [a.statusCode, a.json<{ error: string }>().error, a.headers['retry-after']])).toEqual(slow.map(() => [503, 'database_slow', '5']));
        await locker.query('rollback');
        const done = await write();
        expect(done.statusCode).toBe(201);
      } finally {
        await locker.end().catch(() => undefined);
        await t.close();
      }
    });
  });
});
