import { describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases.js';
import { raceSetup, statuses, TIMES, times } from '../../test/races.js';

/** Social count races: follows, comments, at once (see test/races.ts) */
describe.each(dbKinds)('social count races at once on %s', (kind) => {
  const race = raceSetup(kind, 'soc');
  const { call, member } = race;

  describe('social counts', () => {
    const countsOf = async (userId: number) =>
      race.t.db.kysely.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', userId).executeTakeFirstOrThrow();

    it('follows both ways at once, and repeats, without a deadlock or a wrong count', async () => {
      const [a, b] = await times(2, () => member());
      const res = await Promise.all([
        ...Array.from({ length: 5 }, () => call('POST', `/api/users/${b!.name}/follow`, a!.token)),
        ...Array.from({ length: 5 }, () => call('POST', `/api/users/${a!.name}/follow`, b!.token)),
      ]);
      expect(statuses(res)).toEqual(Array<number>(10).fill(200));
      for (const m of [a!, b!]) expect(await countsOf(m.user.id)).toEqual({ followers_count: 1, following_count: 1 });
      const undo = await Promise.all([
        ...Array.from({ length: 5 }, () => call('DELETE', `/api/users/${b!.name}/follow`, a!.token)),
        ...Array.from({ length: 5 }, () => call('DELETE', `/api/users/${a!.name}/follow`, b!.token)),
      ]);
      expect(statuses(undo)).toEqual(Array<number>(10).fill(200));
      for (const m of [a!, b!]) expect(await countsOf(m.user.id)).toEqual({ followers_count: 0, following_count: 0 });
    });

    it('keeps a followers page’s total (the stored count less suspended followers) equal to its rows while many follow and unfollow at once', async () => {
      const star = await member();
      const fans = await times(TIMES, () => member());
      const page = () => call('GET', `/api/users/${star.name}/followers?limit=50`);
      expect(statuses(await Promise.all(fans.map((f) => call('POST', `/api/users/${star.name}/follow`, f.token))))).toEqual(Array<number>(TIMES).fill(200));
      const [leaving, staying] = [fans.slice(0, TIMES / 2), fans.slice(TIMES / 2)];
      const mixed = await Promise.all([
        ...leaving.map((f) => call('DELETE', `/api/users/${star.name}/follow`, f.token)),
        ...staying.map((f) => call('POST', `/api/users/${star.name}/follow`, f.token)),
        ...leaving.map((f) => call('DELETE', `/api/users/${star.name}/follow`, f.token)),
        page(),
      ]);
      expect(statuses(mixed)).toEqual(Array<number>(TIMES + TIMES / 2 + 1).fill(200));
      await race.t.db.kysely.updateTable('users').set({ state: 'suspended' }).where('id', '=', staying[0]!.user.id).execute();
      const after = await page();
      expect(after.json()).toHaveLength(staying.length - 1);
      expect(after.headers['x-total-count']).toBe(String(staying.length - 1));
      await race.t.db.kysely.updateTable('users').set({ state: 'active' }).where('id', '=', staying[0]!.user.id).execute();
    });

    it('counts comments added and deleted at once exactly', async () => {
      const author = await member();
      await call('PUT', `/api/users/${author.name}/library/game-5`, author.token, { review: 'Comment on this.' });
      const url = `/api/users/${author.name}/reviews/game-5/comments`;
      const commenters = await times(TIMES, () => member());
      const made = await Promise.all(commenters.map((c) => call('POST', url, c.token, { body: 'Agreed.' })));
      expect(statuses(made)).toEqual(Array<number>(TIMES).fill(201));
      const commentsCount = async () =>
        (await race.t.db.kysely.selectFrom('library_entries').select('comments_count').where('review_slug', '=', 'game-5').where('user_id', '=', author.user.id).executeTakeFirstOrThrow())
          .comments_count;
      expect(await commentsCount()).toBe(TIMES);
      const first = String(made[0]!.json()._id).replace(/^c/, '');
      const removed = await times(5, () => call('DELETE', `/api/comments/${first}`, commenters[0]!.token));
      expect(removed.every((r) => r.statusCode === 204 || r.statusCode === 404)).toBe(true);
      expect(await commentsCount()).toBe(TIMES - 1);
    });

    it('a comment on a review deleted meanwhile is a 404, never a 500', async () => {
      const author = await member();
      await call('PUT', `/api/users/${author.name}/library/game-6`, author.token, { review: 'Here today.' });
      const commenters = await times(5, () => member());
      const res = await Promise.all([
        ...commenters.map((c) => call('POST', `/api/users/${author.name}/reviews/game-6/comments`, c.token, { body: 'Quick!' })),
        call('DELETE', `/api/users/${author.name}/library/game-6`, author.token),
      ]);
      expect(res.every((r) => [201, 204, 404].includes(r.statusCode))).toBe(true);
    });
  });
});
