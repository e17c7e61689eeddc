import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { remoteActivityId, startFakeFediverse, type FakeFediverse } from '../../test/fake-fediverse.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const onVgl = (url: string) => new URL(url).pathname + new URL(url).search;

// Several instances share one database only on PostgreSQL.
describe.runIf(dbKinds.includes('postgres'))('federation across instances on PostgreSQL', () => {
  let web: TestApp;
  let worker: TestApp;
  let other: TestApp;
  let remote: FakeFediverse;
  let annId: number;
  let token: string;
  const options = { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200 } };

  beforeAll(async () => {
    web = await createTestApp('postgres', { ...options, env: { ...options.env, VGL_ROLE: 'web' } });
    worker = await openAnotherApp(web, { ...options, env: { ...options.env, VGL_ROLE: 'worker' } });
    other = await openAnotherApp(web, options);
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => web.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json', host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => web.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    await seedGames(web, [{ name: 'Outer Wilds', slug: 'outer-wilds', year: 2019, platforms: ['pc'] }]);
    annId = (await createUser(web.db.kysely, { username: 'ann' })).id;
    token = await loginToken(web.app, 'ann');
  });
  afterAll(async () => {
    await other?.close();
    await worker?.close();
    await web?.close();
    await remote?.close();
  });

  it('sends what a web instance queued once, from whichever worker takes it', async () => {
    // A worker serves no federation routes: the web instances do.
    expect((await worker.app.inject({ url: `/ap/users/${annId}`, headers: { accept: 'application/activity+json' } })).statusCode).toBe(404);
    const actor = `${ORIGIN}/ap/users/${annId}`;
    const followed = await remote.signedPost(`${actor}/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actor });
    expect(followed.statusCode, followed.body).toBe(202);
    await remote.waitFor((d) => d.activity.type === 'Accept', 'the Accept');
    const saved = await web.app.inject({ method: 'PUT', url: '/api/users/ann/library/outer-wilds', headers: bearer(token), payload: { status: 2, rating: 9, review: 'Sent once from one of two workers.' } });
    expect(saved.statusCode).toBe(201);
    await remote.waitFor((d) => d.activity.type === 'Create', 'the Create');
    await sleep(2000);
    expect(remote.deliveries.map((d) => d.activity.type)).toEqual(['Accept', 'Create']);
    expect(remote.deliveries.every((d) => d.verified)).toBe(true);
  });
});
