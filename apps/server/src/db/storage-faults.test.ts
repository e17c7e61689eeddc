import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { seedGames } from '../test/catalog.js';
import { loadMembers, pause, readinessOf, reviewsIn, startChildServer, survivesUnderLoad, type Answer, type ChildServer, type Member } from '../test/fault-load.js';
import { captureFaultLog, faultProblem, readinessBecomes } from '../test/faults.js';
import { bearer, createUser, loginToken } from '../test/users.js';
import { createDb } from './database.js';

/**
 * SQLite's storage faults under concurrent requests (issue 35): a full disk
 * is a 507 naming it, a read-only database a 503, both with Retry-After and
 * never a 500; the log names the fault and the file once, and once more when
 * it is over; readiness reports it and recovers by itself; nothing written
 * before is lost; writes go through again once the cause is removed.
 */

const GAMES = Array.from({ length: 60 }, (_, i) => ({ name: `Fault Game ${i}`, slug: `fault-${i}`, year: 2000 + (i % 20), platforms: ['win'] }));
const REVIEW = 'A long review that takes room on the disk. '.repeat(80);

interface Scenario {
  id: 'storage_full' | 'storage_readonly';
  status: 507 | 503;
  code: RegExp;
  cause(t: TestApp): void;
  remove(t: TestApp): void;
}

async function survivesStorageFault(t: TestApp, { id, status, code, cause, remove }: Scenario) {
  await seedGames(t, GAMES);
  const alice = await createUser(t.db.kysely, { username: `alice${id.length}` });
  const token = await loginToken(t.app, alice.username);
  const put = (i: number) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${alice.username}/library/fault-${i}`, headers: bearer(token), payload: { status: 1, review: REVIEW } });
  const acknowledged = await Promise.all([0, 1, 2, 3, 4].map(put));
  expect(acknowledged.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
  const { log, lines } = captureFaultLog();
  t.db.faults.logTo(log);

  cause(t);
  // 30 writes and 15 reads in flight at once.
  const writes = Array.from({ length: 30 }, (_, i) => put(5 + i));
  const reads = Array.from({ length: 15 }, (_, i) => t.app.inject({ method: 'GET', url: i % 2 ? `/api/igdb/games/fault-${i}` : `/api/users/${alice.username}/library` }));
  const [first, read] = await Promise.all([Promise.all(writes), Promise.all(reads)]);
  let wrote = first;
  // A full disk shows when SQLite asks it for room; the WAL keeps its size after a checkpoint and the writes may all fit
  // in it (a CI run once saw that): then the same writes again (answered 200 where the first made the entry), bounded.
  for (let round = 0; round < 20 && !wrote.some((r) => r.statusCode === status); round++) {
    wrote = [...wrote, ...(await Promise.all(Array.from({ length: 30 }, (_, i) => put(5 + i))))];
  }
  expect([...wrote, ...read].map(faultProblem).filter(Boolean)).toEqual([]);
  expect(read.map((r) => r.statusCode)).toEqual(read.map(() => 200));
  const refused = wrote.filter((r) => r.statusCode === status);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused[0]!.json()).toMatchObject({ error: id, statusCode: status, message: expect.stringMatching(id === 'storage_full' ? /disk is full/ : /read-only/) });

  const notReady = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(notReady.statusCode).toBe(503);
  expect(notReady.json()).toMatchObject({ error: id, message: expect.stringMatching(code) });
  // Once, with the file's path and the code, however many requests failed.
  const errors = lines.filter((line) => line.level === 'error');
  expect(errors).toHaveLength(1);
  expect(errors[0]!.message).toContain((t.config.database as { file: string }).file);
  expect(errors[0]!.message).toMatch(code);

  remove(t);
  const ready = await readinessBecomes(t.app, 200);
  expect(ready.statusCode).toBe(200);
  expect(lines.filter((line) => line.level === 'info')).toEqual([expect.objectContaining({ message: expect.stringMatching(/^Recovered/) })]);
  expect(t.db.faults.open).toEqual([]);

  const again = await Promise.all(Array.from({ length: 10 }, (_, i) => put(40 + i)));
  expect(again.map((r) => r.statusCode)).toEqual(again.map(() => 201));
  const saved = await t.db.kysely.selectFrom('library_entries').select('game_id').where('user_id', '=', alice.id).execute();
  // The five acknowledged before, the ten after, and whichever of the 30 were answered 201.
  expect(saved).toHaveLength(15 + wrote.filter((r) => r.statusCode === 201).length);
}

describe('SQLite storage faults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('a full database (max_page_count reached) answers 507 storage_full, is logged once, and writes resume when room returns', async () => {
    let before = 0;
    await survivesStorageFault(t, {
      id: 'storage_full',
      status: 507,
      code: /SQLITE_FULL/,
      cause: ({ db }) => {
        before = db.sqlite!.pragma('max_page_count', { simple: true }) as number;
        db.sqlite!.pragma(`max_page_count = ${db.sqlite!.pragma('page_count', { simple: true }) as number}`);
      },
      remove: ({ db }) => void db.sqlite!.pragma(`max_page_count = ${before}`),
    });
  });
});

describe('SQLite readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  // A load balancer asks every second: while all is well, each answer costs one read and writes nothing.
  it('writes nothing while no fault is open', async () => {
    const changes = () => t.db.sqlite!.prepare('select total_changes() as n').get() as { n: number };
    const before = changes().n;
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect(changes().n).toBe(before);
    expect(t.db.faults.open).toEqual([]);
  });
});

describe('SQLite storage faults, a read-only database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  // The tests run as root, whom file modes do not stop: SQLite's own read-only switch gives the same SQLITE_READONLY.
  it('answers 503 storage_readonly, is logged once, and writes resume once it is writable', async () => {
    await survivesStorageFault(t, {
      id: 'storage_readonly',
      status: 503,
      code: /SQLITE_READONLY/,
      cause: ({ db }) => void db.sqlite!.pragma('query_only = 1'),
      remove: ({ db }) => void db.sqlite!.pragma('query_only = 0'),
    });
  });
});

/** Mounts a tmpfs of `mb` MiB, or says why there can be none here (mounting needs root, and a system that lets it). */
function mountSmallFileSystem(mb: number): { dir: string; unmount(): void } | string {
  if (process.platform !== 'linux') return 'mounting a tmpfs needs Linux';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    return `cannot mount a small file system here (${String((err as { stderr?: Buffer }).stderr ?? err).trim()})`;
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Tried once while the tests are collected (and undone at once), so the test is skipped, with the reason, where it cannot run.
const tried = mountSmallFileSystem(1);
const cannotMount = typeof tried === 'string' ? tried : (tried.unmount(), undefined);
if (cannotMount) console.warn(`Skipping the full-file-system test: ${cannotMount}`);

describe.skipIf(cannotMount !== undefined)('SQLite on a file system that fills up (a 16 MiB tmpfs)', () => {
  let mount: { dir: string; unmount(): void };
  let filler: string;
  let t: TestApp;
  beforeAll(async () => {
    const mounted = mountSmallFileSystem(16);
    if (typeof mounted === 'string') throw new Error(mounted);
    mount = mounted;
    filler = path.join(mount.dir, 'filler');
    // The test database goes where os.tmpdir() says, read at the call: here, onto the small file system.
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = mount.dir;
    try {
      t = await createTestApp('sqlite');
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
  });
  afterAll(async () => {
    await t?.close();
    mount?.unmount();
  });

  // SQLite finds the disk full when it writes (the WAL at commit, a spilled cache), not when it counts pages.
  it('answers 507 storage_full (not "cannot rollback"), is logged once with the path, and writes resume when space is freed', async () => {
    await survivesStorageFault(t, {
      id: 'storage_full',
      status: 507,
      code: /SQLITE_FULL/,
      cause: () => {
        const chunk = Buffer.alloc(64 * 1024, 1);
        const fd = fs.openSync(filler, 'w');
        try {
          for (;;) fs.writeSync(fd, chunk);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        } finally {
          fs.closeSync(fd);
        }
      },
      remove: () => fs.rmSync(filler),
    });
  });
});

/** Why a process's file size limit cannot be changed from outside here, or undefined. */
function noPrlimit(): string | undefined {
  if (process.platform !== 'linux') return 'prlimit is Linux only';
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'pipe' });
    return undefined;
  } catch {
    return 'no prlimit (util-linux) here';
  }
}

const cannotLimit = noPrlimit();
if (cannotLimit) console.warn(`Skipping the SQLite I/O error test: ${cannotLimit}`);

describe.skipIf(cannotLimit !== undefined)('SQLite in a server process whose file writes fail (its file size limit lowered: EFBIG)', () => {
  let server: ChildServer;
  let file: string;
  let members: Member[];
  const reviews = async () => {
    const db = createDb({ kind: 'sqlite', file });
    try {
      return await reviewsIn(db.kysely);
    } finally {
      await db.destroy();
    }
  };
  beforeAll(async () => {
    server = await startChildServer();
    file = path.join(server.dataDir, 'vgl.sqlite');
    const db = createDb({ kind: 'sqlite', file });
    try {
      members = await loadMembers(server, db.kysely);
    } finally {
      await db.destroy();
    }
  });
  afterAll(() => server?.stop());

  // The kernel refuses every write past the first 4 KiB of any file (RLIMIT_FSIZE; Node ignores SIGXFSZ): a real I/O
  // error, for SQLite's WAL and its checkpoints alike, until the limit is lifted again.
  it('answers 503 storage_error with Retry-After, lives on, logs it once with the path and recovers by itself', async () => {
    const limit = (size: string) => execFileSync('prlimit', ['--pid', String(server.process.pid), `--fsize=${size}:`], { stdio: 'pipe' });
    let notReady: Answer | undefined;
    const { answers, logs } = await survivesUnderLoad(
      server,
      members,
      async () => {
        limit('4096');
        await pause(1500);
        notReady = await readinessOf(server);
        limit('unlimited');
      },
      reviews,
    );
    expect(notReady?.statusCode).toBe(503);
    expect(JSON.parse(notReady!.body)).toMatchObject({ error: 'storage_error', message: expect.stringMatching(/disk or file system error\) \(SQLITE_IOERR/) });
    const failed = answers.filter((a) => a.statusCode === 503);
    expect(failed.length).toBeGreaterThan(0);
    // Each is the fault itself, or load shedding turning a request away while the loop catches up (both 503 with Retry-After).
    const ids = failed.map((a) => JSON.parse(a.body).error as string);
    expect(ids).toContain('storage_error');
    expect(ids.filter((id) => id !== 'storage_error' && id !== 'overloaded')).toEqual([]);
    const faults = logs.filter((line) => line.fault !== undefined && line.level === 50);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ fault: 'storage_error', where: file, code: expect.stringMatching(/^SQLITE_IOERR/) });
    expect(String(faults[0]!.msg)).toContain(file);
    // Readiness came back when the episode ended, and the episode's end is logged then.
    expect(server.logs().filter((line) => String(line.msg).startsWith('Recovered'))).toHaveLength(1);
  });
});
