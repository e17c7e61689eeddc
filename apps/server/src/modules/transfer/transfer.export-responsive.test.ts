import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { whileWatching } from '../../test/responsiveness.js';
import { createUser, loginToken } from '../../test/users.js';

/*
 * A heavy member's export (2,000 games, 30 sessions each: 62,000 CSV records)
 * is read and written a piece at a time with other requests' turns between
 * the pieces. When the client kept up, the pieces (1,000 games each) ran back
 * to back and held the event loop for over a second; now the longest stall is
 * 65–95 ms on SQLite, 25–40 ms on PostgreSQL. Bound as in
 * import.responsive.test.ts (1,000 ms, for a busy machine).
 */
// What fails it is work that blocks for seconds; the figures against the 50 ms target are bench:import's and
// bench:export's. 300 ms once failed with two test files at a time beside other processes (load ~10 on 2 cores).
const BOUND_MS = 1000;

/** GETs the URL from a separate Node process: the status and how many CSV records came. */
function downloadElsewhere(url: string, token: string): Promise<{ status: number; lines: number }> {
  const script = `const r = await fetch(process.argv[1], { headers: { authorization: process.argv[2] } }); const t = await r.text(); console.log(JSON.stringify({ status: r.status, lines: t.split('\\r\\n').filter(Boolean).length }));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script, url, `Bearer ${token}`], { maxBuffer: 1 << 20 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))));
  });
}
const GAMES = 2_000;
const SESSIONS = 30;

describe.each(dbKinds)('responsiveness during a heavy member’s export on %s', (kind) => {
  let t: TestApp;
  let address: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, Array.from({ length: GAMES }, (_, i) => ({ name: `Export Game ${i}`, slug: `export-game-${i}`, year: 1990 + (i % 30), platforms: ['snes'] })));
    const k = t.db.kysely;
    const user = await createUser(k, { username: 'heavy' });
    token = await loginToken(t.app, 'heavy');
    const games = await k.selectFrom('games').select('id').where('slug', 'like', 'export-game-%').execute();
    const now = Date.now();
    for (let i = 0; i < games.length; i += 500) {
      const entries = await k
        .insertInto('library_entries')
        .values(games.slice(i, i + 500).map((g) => ({ user_id: user.id, game_id: g.id, status: 3, rating: 7, review: null, review_slug: null, review_created_at: null, review_updated_at: null, started_on: null, finished_on: null, favourite_position: null, featured_position: null, owned: null, notes: 'A note, with a comma', playtime_minutes: null, playtime_source: null, created_at: now, updated_at: now })))
        .returning(['id', 'game_id'])
        .execute();
      const sessions = entries.flatMap((e) =>
        Array.from({ length: SESSIONS }, (_, s) => ({ user_id: user.id, entry_id: e.id, game_id: e.game_id, played_on: `2024-${String(1 + (s % 12)).padStart(2, '0')}-${String(1 + (s % 28)).padStart(2, '0')}`, event: 'played' as const, rating: null, note: `Session ${s}`, minutes_played: 30, created_at: now, platform_id: null })),
      );
      for (let j = 0; j < sessions.length; j += 2_000) await k.insertInto('diary_entries').values(sessions.slice(j, j + 2_000)).execute();
    }
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 180_000);
  afterAll(() => t.close());

  it('answers /api/health within the bound while the whole export streams', async () => {
    // Downloaded by another process, as fast as it comes: a client in this one would slow the stream down itself.
    const { result, stalls } = await whileWatching(address, () => downloadElsewhere(`${address}/api/users/heavy/library/export`, token));
    expect(result.status).toBe(200);
    expect(result.lines).toBe(1 + GAMES * (1 + SESSIONS));
    if (process.env.SHOW_STALLS) console.warn(kind, JSON.stringify(stalls));
    expect(stalls.healthAnswers).toBeGreaterThan(3);
    expect(stalls.eventLoopMaxMs, JSON.stringify(stalls)).toBeLessThan(BOUND_MS);
    expect(stalls.healthMaxMs, JSON.stringify(stalls)).toBeLessThan(BOUND_MS);
  }, 180_000);
});
