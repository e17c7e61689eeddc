import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { seedGames } from './catalog.js';
import type { DbKind } from './databases.js';
import { bearer, createUser, loginToken } from './users.js';

/**
 * What the race tests share (issue 15: every check-then-write path, fired
 * many times at once). On PostgreSQL (READ COMMITTED) each request runs on
 * its own pooled connection, so they really interleave; SQLite serialises
 * transactions, and the same answers must come out of both. Each module's
 * races live beside it (`*.races.test.ts`).
 */

export const TIMES = 10;
export const RACE_GAMES = Array.from({ length: 12 }, (_, i) => ({ name: `Game ${i + 1}`, slug: `game-${i + 1}`, year: 2000 + i, platforms: ['win'] }));
export const raceSlugs = RACE_GAMES.map((g) => g.slug);
/** Two games whose review addresses can meet: a second review address for "doom" would be "doom-2". */
export const NEIGHBOURS = [
  { name: 'Doom', slug: 'doom', year: 1993, platforms: ['win'] },
  { name: 'Doom 2', slug: 'doom-2', year: 1994, platforms: ['win'] },
];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();
export const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));
export const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Call inside a describe: a test app with the race games for its tests, and the helpers they use. */
export function raceSetup(kind: DbKind, prefix: string) {
  let app: TestApp | undefined;
  let seq = 0;
  beforeAll(async () => {
    app = await createTestApp(kind);
    await seedGames(app, [...RACE_GAMES, ...NEIGHBOURS]);
  });
  afterAll(() => app?.close());

  const race = {
    get t(): TestApp {
      if (!app) throw new Error('raceSetup: the app starts in beforeAll');
      return app;
    },
    call: (method: Method, url: string, token?: string, payload?: object) =>
      race.t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) }),
    /** A new active member (and their session token), so each case starts clean. */
    async member(role: 'user' | 'moderator' | 'admin' = 'user') {
      seq += 1;
      const user = await createUser(race.t.db.kysely, { username: `${prefix}${seq}`, role });
      return { user, name: user.username, token: await loginToken(race.t.app, user.username) };
    },
    entriesOf: (userId: number) => race.t.db.kysely.selectFrom('library_entries').selectAll().where('user_id', '=', userId).execute(),
    favouritePositions: async (userId: number) =>
      (await race.entriesOf(userId))
        .map((e) => e.favourite_position)
        .filter((p): p is number => p !== null)
        .sort((a, b) => a - b),
    gameId: async (slug: string) => (await race.t.db.kysely.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id,
  };
  return race;
}
