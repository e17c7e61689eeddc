import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

// Mentions and replies tell only people who may open what they are about, by the same audience rules as every read.
describe.each(dbKinds)('who hears about a mention or a reply on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['pc'] },
    ]);
    for (const username of ['ann', 'fan', 'stranger', 'blocked']) {
      await createUser(t.db.kysely, { username });
      token[username] = await loginToken(t.app, username);
    }
    expect((await call('POST', '/api/users/ann/follow', 'fan')).statusCode).toBeLessThan(300);
    expect((await call('POST', '/api/users/blocked/block', 'ann')).statusCode).toBeLessThan(300);
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) {
    return t.app.inject({ method, url, headers: bearer(token[who]!), ...(payload ? { payload } : {}) });
  }
  const kindsOf = async (who: string) => (await call('GET', '/api/notifications', who)).json().map((n: { kind: string }) => n.kind);

  it('a followers-only review tells its mentioned followers, not others; a public one tells anyone not blocked', async () => {
    const hidden = await call('PUT', '/api/users/ann/library/tetris', 'ann', { rating: 8, review: 'Ask @fan and @stranger.', reviewVisibility: 'followers' });
    expect(hidden.statusCode).toBe(201);
    expect(await kindsOf('fan')).toEqual(['mentioned']);
    expect(await kindsOf('stranger')).toEqual([]);

    const open = await call('PUT', '/api/users/ann/library/doom', 'ann', { rating: 9, review: 'Ask @stranger, not @blocked.' });
    expect(open.statusCode).toBe(201);
    expect(await kindsOf('stranger')).toEqual(['mentioned']);
    expect(await kindsOf('blocked')).toEqual([]);
  });

  it('a comment on a followers-only review tells the mentioned only when they may read it', async () => {
    const comment = await call('POST', '/api/users/ann/reviews/tetris/comments', 'fan', { body: 'Agreed, @stranger would not see this.' });
    expect(comment.statusCode).toBe(201);
    expect(await kindsOf('stranger')).toEqual(['mentioned']);
    expect(await kindsOf('ann')).toContain('commented');
  });
});
