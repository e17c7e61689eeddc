import type { AdminFederation } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import type { RemoteFollowState } from '../federation/federation.tables.js';

const NOTHING: AdminFederation = { enabled: false, origin: null, followers: { accepted: 0, pending: 0 }, published: 0, instances: [] };

/** A remote account following a member, written as the inbox would have written it. */
const follow = (userId: number, actorId: string, state: RemoteFollowState, at = Date.now()) => ({
  user_id: userId,
  actor_id: actorId,
  inbox: `${actorId}/inbox`,
  shared_inbox: null,
  follow_id: `${actorId}#follow-${userId}`,
  state,
  created_at: at,
});

describe.each(dbKinds)('the dashboard’s Federation tab (GET /api/admin/federation) on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [username, role] of [['ann', 'user'], ['bob', 'user'], ['mod', 'moderator'], ['root', 'admin']] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, role })).id;
      tokens[username] = await loginToken(t.app, username);
    }
  });
  afterAll(() => t?.close());

  const get = (who?: string) => t.app.inject({ method: 'GET', url: '/api/admin/federation', headers: who ? bearer(tokens[who]!) : {} });

  it('is for moderators and admins: 401 without a token, 403 for a member', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get('ann')).statusCode).toBe(403);
    expect((await get('mod')).statusCode).toBe(200);
    expect((await get('root')).statusCode).toBe(200);
  });

  it('says federation is off, with nothing counted, when FEDERATION is unset', async () => {
    expect(t.config.federation).toBe(false);
    expect((await get('mod')).json()).toEqual(NOTHING);
  });

  it('counts follows by state and published reviews, and lists the remote servers by followers, then host', async () => {
    const k = t.db.kysely;
    const { ann, bob } = ids as { ann: number; bob: number };
    await k
      .insertInto('federation_followers')
      .values([
        follow(ann, 'https://mastodon.example/users/a', 'accepted'),
        follow(bob, 'https://mastodon.example/users/a', 'accepted'),
        follow(ann, 'https://mastodon.example/users/b', 'accepted'),
        follow(ann, 'https://books.example/user/q', 'accepted'),
        follow(bob, 'https://social.example:8443/users/z', 'pending'),
      ])
      .execute();
    const note = (entryId: number, userId: number) => ({ entry_id: entryId, user_id: userId, object_key: `${entryId}-1`, digest: 'd'.repeat(64), published_at: 1, updated_at: 1 });
    await k.insertInto('federation_notes').values([note(1, ann), note(2, bob)]).execute();

    // Rows left from when federation was on are shown, never hidden: the answer still says it is off.
    expect((await get('root')).json()).toEqual({
      enabled: false,
      origin: null,
      followers: { accepted: 4, pending: 1 },
      published: 2,
      instances: [
        { host: 'mastodon.example', followers: 2, members: 2 },
        { host: 'books.example', followers: 1, members: 1 },
        { host: 'social.example:8443', followers: 1, members: 1 },
      ],
    });
  });

  it('lists at most 100 servers, those with the most followers first', async () => {
    const many = Array.from({ length: 120 }, (_, i) => follow(ids.ann!, `https://host${String(i).padStart(3, '0')}.example/users/x`, 'accepted'));
    await t.db.kysely.insertInto('federation_followers').values(many).execute();
    const { instances, followers } = (await get('mod')).json() as AdminFederation;
    expect(followers).toEqual({ accepted: 124, pending: 1 });
    expect(instances).toHaveLength(100);
    expect(instances[0]).toEqual({ host: 'mastodon.example', followers: 2, members: 2 });
  });

  it('tells the web app that this instance does not federate (GET /api/home)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).json().federation).toBe(false);
  });
});

describe.each(dbKinds)('the Federation tab with FEDERATION=on on %s', (kind) => {
  let t: TestApp;
  let mod: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' } });
    await createUser(t.db.kysely, { username: 'mod', role: 'moderator' });
    mod = await loginToken(t.app, 'mod');
  });
  afterAll(() => t?.close());

  it('says federation is on, under PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/federation', headers: bearer(mod) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...NOTHING, enabled: true, origin: 'https://vgl.test' });
  });

  it('tells the web app that this instance federates (GET /api/home)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).json().federation).toBe(true);
  });
});
