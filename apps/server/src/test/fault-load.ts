import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.js';
import { writeFakeWebRoot } from './app.js';
import { faultProblem } from './faults.js';
import { createUser, PASSWORD } from './users.js';

/**
 * The server in a process of its own under concurrent requests, for the
 * fault tests (db/*-faults.test.ts): a fault must not end the process, and
 * only a process of its own shows that (in the test's process vitest would
 * catch the error that ends it).
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CHILD = path.join(ROOT, 'apps/server/src/test/child-server.ts');
const SECRET = 'fault-test-secret-fault-test-secret-0123456789';
export const FAULT_GAMES = Array.from({ length: 30 }, (_, i) => ({ name: `Fault Game ${i}`, slug: `fault-${i}`, year: 2000 + (i % 20), platforms: ['win'] }));
const MEMBERS = 8;
const LOOPS_PER_MEMBER = 3;
const GAMES_PER_LOOP = FAULT_GAMES.length / LOOPS_PER_MEMBER;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ChildServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** The JSON log lines it wrote so far. */
  logs(): Record<string, unknown>[];
  output(): string;
  stop(): Promise<void>;
}

/** child-server.ts in a process of its own (through tsx, so the code under test is the source), on SQLite in its DATA_DIR unless DATABASE_URL is given. */
export async function startChildServer(env: Record<string, string> = {}): Promise<ChildServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-child-'));
  const seed = path.join(dataDir, 'games.jsonl');
  fs.writeFileSync(seed, FAULT_GAMES.map((g) => JSON.stringify(g)).join('\n'));
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
    dataDir,
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

export interface Member {
  name: string;
  token: string;
}

/** Members made straight in the server's database, signed in through its API. */
export async function loadMembers(server: ChildServer, k: Kysely<Database>): Promise<Member[]> {
  const users = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => createUser(k, { username: `loader${i}` })));
  return Promise.all(
    users.map(async ({ username }) => {
      const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: username, password: PASSWORD }) });
      if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return { name: username, token: ((await res.json()) as { token: string }).token };
    }),
  );
}

export interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

async function ask(url: string, method = 'GET', token?: string, body?: object): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  } catch (err) {
    // The server is gone, or dropped the connection: never an answer a fault may give.
    return { statusCode: 0, headers: {}, body: `no answer: ${String(err)}` };
  }
}

/**
 * MEMBERS × LOOPS_PER_MEMBER loops (24 requests in flight), each alone on its
 * games, alternating a write (its entry's review, a new text each time) and a
 * read, until told to stop. A loop's writes are sequential, so for each entry
 * the review the database keeps must be the last one acknowledged — or one
 * tried after it, whose answer (a 503 as the connection broke) could not say.
 */
function load(url: string, members: Member[]) {
  const answers: Answer[] = [];
  const entries = new Map<string, { acked: string | undefined; since: string[] }>();
  let running = true;
  let seq = 0;
  const loops = members.flatMap((member) =>
    Array.from({ length: LOOPS_PER_MEMBER }, async (_, loop) => {
      for (let n = 0; running; n++) {
        const slug = `fault-${loop * GAMES_PER_LOOP + (n % GAMES_PER_LOOP)}`;
        const key = `${member.name}/${slug}`;
        const review = `Review ${(seq += 1)} of ${key}`;
        const entry = entries.get(key) ?? { acked: undefined, since: [] };
        entries.set(key, entry);
        entry.since.push(review);
        const wrote = await ask(`${url}/api/users/${member.name}/library/${slug}`, 'PUT', member.token, { status: 1, review });
        answers.push(wrote);
        if (wrote.statusCode === 200 || wrote.statusCode === 201) {
          entry.acked = review;
          entry.since = [];
        }
        answers.push(await ask(`${url}${n % 2 ? `/api/users/${member.name}/library` : `/api/igdb/games/${slug}`}`));
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

export const readinessOf = (server: ChildServer) => ask(`${server.url}/api/health/ready`);

export async function readinessBecomes(server: ChildServer, status: number, withinMs = 20_000): Promise<Answer> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const res = await readinessOf(server);
    if (res.statusCode === status || Date.now() > deadline) return res;
    await pause(100);
  }
}

/**
 * Runs the load around `fault`, until readiness is back by itself, then
 * checks: the process lives, every answer was a success or a fault's
 * 503/507 with Retry-After, and each acknowledged review is in the database
 * (`reviews` reads them: "member/slug" → review).
 */
export async function survivesUnderLoad(server: ChildServer, members: Member[], fault: () => Promise<void>, reviews: () => Promise<Map<string, string | null>>) {
  const before = server.logs().length;
  const traffic = load(server.url, members);
  await pause(500);
  await fault();
  const ready = await readinessBecomes(server, 200);
  await pause(500);
  await traffic.stop();

  expect(server.process.exitCode).toBeNull();
  expect(ready.statusCode).toBe(200);
  expect(traffic.answers.map(faultProblem).filter(Boolean)).toEqual([]);
  expect(traffic.answers.filter((a) => a.statusCode < 400).length).toBeGreaterThan(0);
  const kept = await reviews();
  const lost = [...traffic.entries].filter(([key, { acked, since }]) => acked !== undefined && kept.get(key) !== acked && !since.includes(kept.get(key) ?? ''));
  expect(lost).toEqual([]);
  return { answers: traffic.answers, logs: server.logs().slice(before) };
}

/** "member/slug" → review, for survivesUnderLoad. */
export async function reviewsIn(k: Kysely<Database>): Promise<Map<string, string | null>> {
  const rows = await k
    .selectFrom('library_entries')
    .innerJoin('users', 'users.id', 'library_entries.user_id')
    .innerJoin('games', 'games.id', 'library_entries.game_id')
    .select(['users.username', 'games.slug', 'library_entries.review'])
    .execute();
  return new Map(rows.map((row) => [`${row.username}/${row.slug}`, row.review]));
}
