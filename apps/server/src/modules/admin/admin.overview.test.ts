import type { AdminOverview } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { usersRepo } from '../users/users.repo.js';

const DAY = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

describe.each(dbKinds)('dashboard overview on %s', (kind) => {
  let t: TestApp;
  let root: string;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['dos'] },
      { name: 'Myst', slug: 'myst', year: 1993, platforms: ['mac'] },
    ]);
    const k = t.db.kysely;
    await createUser(k, { username: 'root', role: 'admin', created_at: now - 40 * DAY });
    root = await loginToken(t.app, 'root');
    await createUser(k, { username: 'old', created_at: now - 40 * DAY, last_login_at: now - 10 * DAY });
    await createUser(k, { username: 'sleeper', created_at: now - 30 * DAY, last_login_at: now - 9 * DAY });
    await createUser(k, { username: 'recent', created_at: now - 3 * DAY, last_login_at: now - 2 * DAY });
    await createUser(k, { username: 'banned', state: 'suspended', created_at: now - DAY, last_login_at: now });
    const writer = await createUser(k, { username: 'writer', created_at: now - 29 * DAY });
    const writerToken = await loginToken(t.app, 'writer');
    const put = (who: string, as: string, game: string, body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${who}/library/${game}`, headers: bearer(as), payload: body });
    await put('writer', writerToken, 'tetris', { rating: 8, review: 'Still the best.' });
    await put('root', root, 'doom', { rating: 9, review: 'Fast.' });
    await put('root', root, 'myst', { rating: 6, review: 'Slow.' });
    await put('root', root, 'tetris', { status: 4 });
    await k.updateTable('library_entries').set({ review_created_at: now - 2 * DAY }).where('review', '=', 'Fast.').execute();
    await k.updateTable('library_entries').set({ review_created_at: now - 31 * DAY }).where('review', '=', 'Slow.').execute();
    await t.app.inject({ method: 'POST', url: '/api/users/writer/reviews/tetris/comments', headers: bearer(root), payload: { body: 'Agreed.' } });
    // Active through a like alone (an activity), not through a login.
    const liker = await createUser(k, { username: 'liker', created_at: now - 50 * DAY });
    const like = await t.app.inject({ method: 'POST', url: '/api/like', headers: bearer(await loginToken(t.app, 'liker')), payload: { entityId: String((await k.selectFrom('library_entries').select('id').where('review', '=', 'Still the best.').executeTakeFirstOrThrow()).id), liked: true } });
    expect(like.statusCode).toBeLessThan(300);
    await usersRepo.update(k, liker.id, { last_login_at: now - 20 * DAY });
    // Active through what they did (the review, the library entry), not through a login.
    await usersRepo.update(k, writer.id, { last_login_at: now - 20 * DAY });
  });
  afterAll(() => t.close());

  const overview = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(root) })).json() as AdminOverview;

  it('counts accounts, this week\'s active users, logged games, reviews and comments', async () => {
    // Active: root and recent logged in this week, writer reviewed, liker liked; old and sleeper did nothing since, banned is suspended.
    expect((await overview()).counts).toEqual({ users: 7, activeUsersWeek: 4, gamesLogged: 4, reviews: 3, comments: 1 });
  });

  it('charts sign-ups and reviews over 30 consecutive UTC days ending today, zeros included', async () => {
    const { signups, reviews } = await overview();
    for (const series of [signups, reviews]) {
      expect(series).toHaveLength(30);
      expect(series.at(-1)!.date).toBe(dayOf(Date.now()));
      series.forEach((d, i) => expect(d.date).toBe(dayOf(Date.parse(`${series[0]!.date}T00:00:00Z`) + i * DAY)));
    }
    const countOn = (series: AdminOverview['signups'], time: number) => series.find((d) => d.date === dayOf(time))?.count;
    expect(signups[0]).toEqual({ date: dayOf(now - 29 * DAY), count: 1 });
    expect(countOn(signups, now - 3 * DAY)).toBe(1);
    expect(countOn(signups, now - DAY)).toBe(1);
    expect(signups.reduce((sum, d) => sum + d.count, 0)).toBe(3);
    expect(countOn(reviews, now)).toBe(1);
    expect(countOn(reviews, now - 2 * DAY)).toBe(1);
    expect(reviews.reduce((sum, d) => sum + d.count, 0)).toBe(2);
  });

  it('shows the latest 20 audit rows, newest first', async () => {
    expect((await overview()).audit).toEqual([]);
    const entryId = Number(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reviews?q=fast', headers: bearer(root) })).json()[0]._id,
    );
    for (let i = 0; i < 11; i++) {
      await t.app.inject({ method: 'POST', url: '/api/admin/featured', headers: bearer(root), payload: { entryId } });
      await t.app.inject({ method: 'DELETE', url: `/api/admin/featured/${entryId}`, headers: bearer(root) });
    }
    const { audit } = await overview();
    expect(audit).toHaveLength(20);
    expect(audit[0]).toMatchObject({ actor: { username: 'root' }, action: 'review.unfeature', targetId: entryId, targetLabel: 'root: Doom' });
    expect(audit[1]!.action).toBe('review.feature');
    expect(audit.map((a) => a.id)).toEqual([...audit.map((a) => a.id)].sort((a, b) => b - a));
  });
});
