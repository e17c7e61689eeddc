import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { remoteActivityId, startFakeFediverse, type FakeFediverse } from '../../test/fake-fediverse.js';
import { createUser } from '../../test/users.js';

const onVgl = (url: string) => new URL(url).pathname + new URL(url).search;

// As in production: no test option, so Fedify may fetch only public https addresses.
describe.each(dbKinds)('federation with its production defaults on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  let annId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    annId = (await createUser(t.db.kysely, { username: 'ann' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  it('does not fetch a key from a plain-http private address, so a server there cannot make anyone follow', async () => {
    const actor = `https://vgl.test/ap/users/${annId}`;
    const res = await remote.signedPost(`${actor}/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actor });
    expect(res.statusCode).toBe(401);
    expect(await t.db.kysely.selectFrom('federation_followers').selectAll().execute()).toEqual([]);
    expect(remote.deliveries).toEqual([]);
  });
});
