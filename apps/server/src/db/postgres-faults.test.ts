import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { seedGames } from '../test/catalog.js';
import { FAULT_GAMES, loadMembers, pause, readinessOf, reviewsIn, startChildServer, survivesUnderLoad, type Answer, type ChildServer, type Member } from '../test/fault-load.js';
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

async function createDatabase(cluster: PgCluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return cluster.urlOf(name);
}

const cannotRun = noPgCluster();
if (cannotRun) console.warn(`Skipping the PostgreSQL fault tests: ${cannotRun}`);

describe.skipIf(cannotRun !== undefined)('PostgreSQL faults, on a cluster of the test’s own', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(() => cluster?.destroy());

  describe('a server process under 24 requests in flight', () => {
    let server: ChildServer;
    let databaseUrl: string;
    let members: Member[];
    const reviews = async () => {
      const db = createDb({ kind: 'postgres', url: databaseUrl });
      try {
        return await reviewsIn(db.kysely);
      } finally {
        await db.destroy();
      }
    };

    beforeAll(async () => {
      databaseUrl = await createDatabase(cluster, 'vgl_child');
      server = await startChildServer({ DATABASE_URL: databaseUrl, DB_POOL_MAX: '6' });
      const db = createDb({ kind: 'postgres', url: databaseUrl });
      try {
        members = await loadMembers(server, db.kysely);
      } finally {
        await db.destroy();
      }
    });
    afterAll(() => server?.stop());

    it('PostgreSQL stopped for 3 s and started again: 503s with Retry-After meanwhile, the process lives, readiness returns by itself', async () => {
      let notReady: Answer | undefined;
      const { answers, logs } = await survivesUnderLoad(
        server,
        members,
        async () => {
          cluster.stop('fast');
          await pause(1000);
          notReady = await readinessOf(server);
          await pause(2000);
          cluster.start();
        },
        reviews,
      );
      expect(notReady?.statusCode).toBe(503);
      expect(JSON.parse(notReady!.body)).toMatchObject({ error: 'database_unavailable' });
      const unavailable = answers.filter((a) => a.statusCode === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      // Each is the fault itself, or load shedding turning a request away while the pool's queue is long (both 503 with Retry-After).
      const ids = unavailable.map((a) => JSON.parse(a.body).error as string);
      expect(ids).toContain('database_unavailable');
      expect(ids.filter((id) => id !== 'database_unavailable' && id !== 'overloaded')).toEqual([]);
      // Logged once per kind of fault, not once per failed request; and once when it is over.
      const faults = logs.filter((line) => line.fault !== undefined && line.level === 50);
      const down = faults.filter((line) => line.fault === 'database_unavailable');
      expect(down).toHaveLength(1);
      expect(faults.length).toBeLessThan(unavailable.length);
      expect(String(down[0]!.msg)).toMatch(/^PostgreSQL \(127\.0\.0\.1:\d+\/vgl_child\) is not reachable/);
      // The episode ends once the database answered again for 2 s without a new failure.
      const recovered = () => server.logs().filter((line) => line.fault === 'database_unavailable' && String(line.msg).startsWith('Recovered'));
      for (let waited = 0; recovered().length === 0 && waited < 10_000; waited += 100) await pause(100);
      expect(recovered()).toHaveLength(1);
      expect(server.process.exitCode).toBeNull();
    });

    it('every session of the database terminated (pg_terminate_backend), twice: the process lives, answers stay 2xx or 503', async () => {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        await survivesUnderLoad(
          server,
          members,
          async () => {
            for (let i = 0; i < 2; i++) {
              const { rows } = await admin.query<{ ended: number }>(
                'select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
                ['vgl_child'],
              );
              expect(rows[0]!.ended).toBeGreaterThan(0);
              await pause(700);
            }
          },
          reviews,
        );
      } finally {
        await admin.end();
      }
    });
  });

  describe('in this process, one app with DB_POOL_MAX=1 and DB_STATEMENT_TIMEOUT_MS=2000', () => {
    let testDatabaseUrl: string | undefined;
    let t: TestApp;
    let alice: { id: number };
    let token: string;
    const write = (review: string) => t.app.inject({ method: 'PUT', url: '/api/users/alice/library/fault-0', headers: bearer(token), payload: { status: 1, review } });
    const ready = async () => (await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;
    /** A session of its own on the app's database, as another program's. */
    const otherSession = async () => {
      const other = new pg.Client({ connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '' });
      await other.connect();
      return other;
    };

    beforeAll(async () => {
      // createTestApp makes (and drops) its database on the server TEST_DATABASE_URL names: this cluster.
      testDatabaseUrl = process.env.TEST_DATABASE_URL;
      process.env.TEST_DATABASE_URL = cluster.url;
      t = await createTestApp('postgres', { env: { DB_POOL_MAX: '1', DB_STATEMENT_TIMEOUT_MS: '2000' } });
      await seedGames(t, FAULT_GAMES.slice(0, 1));
      alice = await createUser(t.db.kysely, { username: 'alice' });
      token = await loginToken(t.app, 'alice');
      expect((await write('First')).statusCode).toBe(201);
    });
    afterAll(async () => {
      await t?.close();
      if (testDatabaseUrl === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = testDatabaseUrl;
    });

    it('the pool used up (its one connection held) answers 503 database_busy after the wait, not never', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding!: Promise<void>;
      await new Promise<void>((taken) => {
        holding = t.db.kysely.connection().execute(async () => {
          taken();
          await held;
        });
      });
      const answers = await Promise.all([write('Waiting'), write('Waiting'), write('Waiting')]);
      release();
      await holding;
      expect(answers.map(faultProblem).filter(Boolean)).toEqual([]);
      expect(answers.map((a) => [a.statusCode, a.json<{ error: string }>().error, a.headers['retry-after']])).toEqual(answers.map(() => [503, 'database_busy', '1']));
      expect(await ready()).toBe(200);
      expect((await write('After the wait')).statusCode).toBe(200);
    });

    it('a deadlock with another session (40P01) answers 503 database_busy with Retry-After; the write goes through when sent again', async () => {
      const other = await otherSession();
      try {
        // The request's session looks for deadlocks after 1 s (the default), this one only after 10: the request is the one PostgreSQL ends.
        await other.query(`set deadlock_timeout = '10s'`);
        await other.query('begin');
        await other.query(`update library_entries set review = 'Other' where user_id = $1`, [alice.id]);
        // The request locks its member's row (concurrency.ts lockMember), then waits for the entry's row this session holds…
        const answer = write('Deadlocked');
        for (let waiting = 0; waiting === 0; await pause(20)) {
          const { rows } = await other.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
          waiting = rows[0]!.n;
        }
        // …and this session now waits for the member's row: a cycle.
        const locking = other.query('select id from users where id = $1 for update', [alice.id]);
        const res = await answer;
        await locking;
        await other.query('rollback');
        expect(faultProblem(res)).toBeUndefined();
        expect([res.statusCode, res.json<{ error: string }>().error, res.headers['retry-after']]).toEqual([503, 'database_busy', '1']);
        expect((await write('After the deadlock')).statusCode).toBe(200);
      } finally {
        await other.end().catch(() => undefined);
      }
    });

    it('a statement over DB_STATEMENT_TIMEOUT_MS (waiting for a lock held elsewhere) answers 503 database_slow; the write goes through once the lock is gone', async () => {
      const other = await otherSession();
      try {
        await other.query('begin');
        await other.query('select id from users where id = $1 for update', [alice.id]);
        const slow = await write('Waiting for the lock');
        expect(faultProblem(slow)).toBeUndefined();
        expect([slow.statusCode, slow.json<{ error: string }>().error, slow.headers['retry-after']]).toEqual([503, 'database_slow', '5']);
        await other.query('rollback');
        expect((await write('After the lock')).statusCode).toBe(200);
        expect(await ready()).toBe(200);
      } finally {
        await other.end().catch(() => undefined);
      }
    });
  });
});
