import { ADMIN_MESSAGES } from '@vgl/shared';
import { describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases.js';
import { oneToN, raceSetup, statuses, TIMES } from '../../test/races.js';

/** Featuring races: reviews featured at once (see test/races.ts) */
describe.each(dbKinds)('featuring races at once on %s', (kind) => {
  const race = raceSetup(kind, 'feat');
  const { call, member } = race;

  describe('featured reviews', () => {
    it('gives each review featured at once its own place', async () => {
      const { token: mod } = await member('moderator');
      const ids: number[] = [];
      for (let i = 0; i < TIMES; i++) {
        const { name, token } = await member();
        ids.push(Number((await call('PUT', `/api/users/${name}/library/game-4`, token, { review: `Review ${i}.` })).json()._id));
      }
      const res = await Promise.all(ids.map((entryId) => call('POST', '/api/admin/featured', mod, { entryId })));
      expect(statuses(res)).toEqual(Array<number>(TIMES).fill(200));
      const again = await Promise.all(ids.slice(0, 3).map((entryId) => call('POST', '/api/admin/featured', mod, { entryId })));
      expect(again.map((r) => r.json().message)).toEqual(Array<string>(3).fill(ADMIN_MESSAGES.alreadyFeatured));
      const rows = await race.t.db.kysely.selectFrom('library_entries').select('featured_position').where('featured_position', 'is not', null).execute();
      const positions = rows.map((r) => r.featured_position!).sort((a, b) => a - b);
      expect(positions).toEqual(oneToN(TIMES));
      const order = (await call('GET', '/api/admin/featured', mod)).json().map((r: { _id: string }) => Number(r._id));
      expect(order.sort()).toEqual([...ids].sort());
    });
  });
});
