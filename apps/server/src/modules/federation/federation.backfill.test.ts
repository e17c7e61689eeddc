import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { remoteActivityId, startFakeFediverse, type FakeFediverse } from '../../test/fake-fediverse.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AP_JSON = { accept: 'application/activity+json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 40: turning federation on lists in the outboxes what was already public, without sending it to anyone. */
describe.each(dbKinds)('outbox backfill when federation is turned on, on %s', (kind) => {
  let before: TestApp;
  let after: TestApp;
  let remote: FakeFediverse | undefined;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    before = await createTestApp(kind);
    await seedGames(before, [
      { name: 'Outer Wilds', slug: 'outer-wilds', year: 2019, platforms: ['switch'], cover: 'co1abc' },
      { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['switch'] },
    ]);
    const tokens: Record<string, string> = {};
    for (const [username, overrides] of [['ann', {}], ['bob', { is_private: 1 }]] as const) {
      ids[username] = (await createUser(before.db.kysely, { username, ...overrides })).id;
      tokens[username] = await loginToken(before.app, username);
    }
    const call = async (who: string, method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await before.app.inject({ method, url, headers: bearer(tokens[who]!), payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res;
    };
    // Written while federation is off.
    await call('ann', 'PUT', '/api/users/ann/library/outer-wilds', { status: 1, review: 'The sun was the clock all along.' });
    await call('ann', 'POST', '/api/users/ann/library/celeste/plays', { finishedOn: '2024-05-01', rating: 8 });
    await call('ann', 'POST', '/api/users/ann/lists', { title: 'Mountains', description: null, ranked: false, visibility: 'public' });
    await call('ann', 'POST', '/api/users/ann/lists', { title: 'Only mine', description: null, ranked: false, visibility: 'private' });
    await call('bob', 'PUT', '/api/users/bob/library/outer-wilds', { status: 1, review: 'Bob keeps this to himself.' });
    await call('bob', 'POST', '/api/users/bob/lists', { title: 'Bob’s list', description: null, ranked: false, visibility: 'public' });
    // The same database, now with federation on.
    after = await openAnotherApp(before, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, backfillQuietMs: 0 } });
  });
  afterAll(async () => {
    await remote?.close();
    await after?.close();
    await before?.close();
  });

  const outbox = async (who: string) => {
    const page = await after.app.inject({ url: `/ap/users/${ids[who]}/outbox?cursor=0`, headers: AP_JSON });
    return ((page.json().orderedItems ?? []) as { type: string; object: { id: string; type: string; name?: string; content: string } }[]).map((item) => ({ type: item.type, object: item.object }));
  };

  it('lists a public member’s public review, finished play and public list, served at their ids', async () => {
    for (let i = 0; i < 100 && (await outbox('ann')).length < 3; i++) await sleep(100);
    const items = await outbox('ann');
    expect(items.map((item) => `${item.type} ${item.object.type} ${item.object.name ?? item.object.content.split('</p>')[0]}`).sort()).toEqual([
      'Create Article Mountains',
      'Create Note <p>Finished <strong>Celeste</strong> — ★★★★ 4/5',
      'Create Note <p>Review of <strong>Outer Wilds</strong>',
    ]);
    for (const { object } of items) {
      expect(object.id.startsWith(`${ORIGIN}/ap/`)).toBe(true);
      const fetched = await after.app.inject({ url: new URL(object.id).pathname, headers: AP_JSON });
      expect(fetched.statusCode, object.id).toBe(200);
      expect(fetched.json()).toMatchObject({ id: object.id, type: object.type });
    }
    expect((await after.app.inject({ url: `/ap/users/${ids.ann}/outbox`, headers: AP_JSON })).json().totalItems).toBe(3);
  });

  it('sends what it listed as a Create, of the same id, the first time it changes', async () => {
    const listed = (await outbox('ann')).find((item) => item.object.content.includes('Review of'))!.object;
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => after.app.inject({ url: new URL(url).pathname + new URL(url).search, headers: { ...AP_JSON, host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => after.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body }),
    });
    const actor = `${ORIGIN}/ap/users/${ids.ann}`;
    const follow = await remote.signedPost(`${actor}/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actor });
    expect(follow.statusCode, follow.body).toBe(202);
    const edit = await after.app.inject({ method: 'PUT', url: '/api/users/ann/library/outer-wilds', headers: bearer(await loginToken(after.app, 'ann')), payload: { status: 1, review: 'The sun was the clock.' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const create = await remote.waitFor((d) => d.activity.type === 'Create', 'the Create of the edited review');
    expect(create.verified).toBe(true);
    expect(create.activity.object).toMatchObject({ id: listed.id, content: expect.stringContaining('The sun was the clock.</p>') });
    await sleep(1000);
    expect(remote.deliveries.filter((d) => d.activity.type !== 'Accept').map((d) => d.activity.type)).toEqual(['Create']);
  });

  it('lists nothing of a private profile, nor a private list', async () => {
    expect(await outbox('bob')).toEqual([]);
    const recorded = [
      ...(await after.db.kysely.selectFrom('federation_notes').select('user_id').execute()),
      ...(await after.db.kysely.selectFrom('federation_objects').select('user_id').execute()),
    ];
    expect(recorded.map((row) => row.user_id)).toEqual([ids.ann, ids.ann, ids.ann]);
  });
});
