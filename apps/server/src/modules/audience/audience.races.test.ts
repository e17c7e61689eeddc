import { describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases.js';
import { raceSetup, times } from '../../test/races.js';

/** Blocks against follows at once (see test/races.ts): never a follow across a block, counts right. */
describe.each(dbKinds)('block and follow races on %s', (kind) => {
  const race = raceSetup(kind, 'blk');
  const { call, member } = race;
  const ROUNDS = 50;

  it(`${ROUNDS} members follow B while B blocks each of them, all at once`, async () => {
    const b = await member();
    const fans = await times(ROUNDS, () => member());
    // Half already followed B before: their follow must go too.
    for (const fan of fans.slice(0, ROUNDS / 2)) expect((await call('POST', `/api/users/${b.name}/follow`, fan.token)).statusCode).toBe(200);
    const res = await Promise.all(fans.flatMap((fan) => [call('POST', `/api/users/${b.name}/follow`, fan.token), call('POST', `/api/users/${fan.name}/block`, b.token)]));
    // Each follow either came first (200, then removed by the block) or saw the block (403); each block succeeded.
    for (const [i, r] of res.entries()) expect(i % 2 === 0 ? [200, 403] : [200]).toContain(r.statusCode);
    const k = race.t.db.kysely;
    const across = await k.selectFrom('follows').selectAll().where((eb) => eb.or([eb('followee_id', '=', b.user.id), eb('follower_id', '=', b.user.id)])).execute();
    expect(across).toEqual([]);
    expect(await k.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', b.user.id).executeTakeFirstOrThrow()).toEqual({ followers_count: 0, following_count: 0 });
    const fanCounts = await k.selectFrom('users').select('following_count').where('id', 'in', fans.map((f) => f.user.id)).execute();
    expect(fanCounts.every((c) => Number(c.following_count) === 0)).toBe(true);
    expect(await k.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', b.user.id).execute()).toHaveLength(ROUNDS);
  });

  it('approving a follow request while the requester is blocked never leaves a follow', async () => {
    const p = await member();
    await call('PUT', '/api/profile/privacy', p.token, { isPrivate: true });
    const askers = await times(10, () => member());
    for (const a of askers) expect((await call('POST', `/api/users/${p.name}/follow`, a.token)).json()).toMatchObject({ isRequested: true });
    const res = await Promise.all(askers.flatMap((a) => [call('POST', `/api/follow-requests/${a.name}/approve`, p.token), call('POST', `/api/users/${a.name}/block`, p.token)]));
    for (const r of res) expect([200, 204, 404]).toContain(r.statusCode);
    const k = race.t.db.kysely;
    expect(await k.selectFrom('follows').selectAll().where('followee_id', '=', p.user.id).execute()).toEqual([]);
    expect((await k.selectFrom('users').select('followers_count').where('id', '=', p.user.id).executeTakeFirstOrThrow()).followers_count).toBe(0);
  });
});
