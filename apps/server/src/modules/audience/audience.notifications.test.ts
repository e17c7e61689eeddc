import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

// Follow requests tell the private member (and approvals the requester); a block takes unread notifications
// between the two away; the feed's unread dot counts only what the feed shows.
describe.each(dbKinds)('follow requests, blocks and the unread dot on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { smtp: true });
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['pc'] },
      { name: 'Hades', slug: 'hades', year: 2020, platforms: ['pc'] },
    ]);
    for (const username of ['priv', 'asker', 'ann', 'bob', 'viewer', 'loud', 'quiet', 'walls', 'eager']) {
      await createUser(t.db.kysely, { username });
      token[username] = await loginToken(t.app, username);
    }
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token[who]!), ...(payload ? { payload } : {}) });
  const notes = async (who: string) =>
    (await call('GET', '/api/notifications', who)).json().map((n: { kind: string; actor: { username: string }; read: boolean }) => `${n.kind}:${n.actor.username}${n.read ? ':read' : ''}`);
  const unread = async (who: string) => (await call('GET', '/api/activity/isunread', who)).json().unread as boolean;

  it('a follow request tells the private member once; withdrawing, declining or approving takes it back', async () => {
    expect((await call('PUT', '/api/profile/privacy', 'priv', { isPrivate: true })).statusCode).toBe(200);
    expect((await call('POST', '/api/users/priv/follow', 'asker')).json()).toMatchObject({ isRequested: true });
    await call('POST', '/api/users/priv/follow', 'asker');
    expect(await notes('priv')).toEqual(['follow_requested:asker']);
    // By e-mail too (follows are e-mailed by default), linking to where requests are answered.
    const mail = await t.smtp!.waitFor('priv@example.com', /asker asked to follow you/);
    expect(mail.text).toContain('https://vgl.test/u/priv/settings/privacy');

    // Withdrawn.
    expect((await call('DELETE', '/api/users/priv/follow', 'asker')).statusCode).toBe(200);
    expect(await notes('priv')).toEqual([]);

    // Declined: the asker is not told.
    await call('POST', '/api/users/priv/follow', 'asker');
    expect(await notes('priv')).toEqual(['follow_requested:asker']);
    expect((await call('POST', '/api/follow-requests/asker/decline', 'priv')).statusCode).toBe(204);
    expect(await notes('priv')).toEqual([]);
    expect(await notes('asker')).toEqual([]);

    // Approved: the request's notification goes, the follow's comes, and the asker hears it.
    await call('POST', '/api/users/priv/follow', 'asker');
    expect((await call('POST', '/api/follow-requests/asker/approve', 'priv')).statusCode).toBe(204);
    expect(await notes('priv')).toEqual(['followed:asker']);
    expect(await notes('asker')).toEqual(['follow_approved:priv']);
    expect((await t.smtp!.waitFor('asker@example.com', /priv approved your follow request/)).text).toContain('https://vgl.test/u/priv');
  });

  it('tells the private member once however many requests race, and a block racing them leaves none', async () => {
    const asks = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/users/priv/follow', 'eager')));
    expect(asks.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect((await notes('priv')).filter((n: string) => n.includes('eager'))).toEqual(['follow_requested:eager']);
    await call('DELETE', '/api/users/priv/follow', 'eager');

    const [block] = await Promise.all([call('POST', '/api/users/eager/block', 'priv'), call('POST', '/api/users/priv/follow', 'eager'), call('POST', '/api/users/priv/follow', 'eager')]);
    expect(block.statusCode).toBe(200);
    expect((await notes('priv')).filter((n: string) => n.includes('eager'))).toEqual([]);
    expect((await call('GET', '/api/follow-requests', 'priv')).json()).toEqual([]);
    await call('DELETE', '/api/users/eager/block', 'priv');
  });

  it('a read request notification stays as history when the request is answered', async () => {
    await call('POST', '/api/users/priv/follow', 'ann');
    await call('POST', '/api/notifications/read', 'priv', {});
    expect((await call('POST', '/api/follow-requests/ann/decline', 'priv')).statusCode).toBe(204);
    expect(await notes('priv')).toEqual(['follow_requested:ann:read', 'followed:asker:read']);
  });

  it('a block takes away the unread notifications both ways, and leaves the read ones', async () => {
    await call('PUT', '/api/users/ann/library/tetris', 'ann', { rating: 8, review: 'Ask @bob.' });
    await call('POST', '/api/notifications/read', 'bob', {});
    await call('PUT', '/api/users/ann/library/doom', 'ann', { rating: 7, review: 'Again, @bob.' });
    await call('PUT', '/api/users/bob/library/hades', 'bob', { rating: 9, review: 'And you, @ann?' });
    const review = (await call('GET', '/api/users/bob/reviews/hades', 'ann')).json();
    await call('POST', '/api/like', 'ann', { entityId: review._id });
    await call('POST', '/api/users/ann/follow', 'bob');
    expect(await notes('bob')).toEqual(['review_liked:ann', 'mentioned:ann', 'mentioned:ann:read']);
    expect(await notes('ann')).toEqual(['followed:bob', 'mentioned:bob']);

    expect((await call('POST', '/api/users/bob/block', 'ann')).statusCode).toBe(200);
    expect(await notes('bob')).toEqual(['mentioned:ann:read']);
    expect(await notes('ann')).toEqual([]);
    expect((await call('GET', '/api/notifications/unread', 'bob')).json()).toEqual({ unread: 0 });
  });

  it("the feed's unread dot leaves out muted members, and lines about members blocked either way, as the feed does", async () => {
    await call('POST', '/api/users/loud/follow', 'viewer');
    await call('POST', '/api/users/quiet/follow', 'viewer');
    await call('GET', '/api/activity', 'viewer');
    expect(await unread('viewer')).toBe(false);

    expect((await call('POST', '/api/users/loud/mute', 'viewer')).statusCode).toBe(200);
    await call('PUT', '/api/users/loud/library/tetris', 'loud', { status: 1 });
    expect(await unread('viewer')).toBe(false);

    // Someone followed likes the review of a member who blocks the viewer: the feed leaves the line out, so does the dot.
    await call('PUT', '/api/users/walls/library/doom', 'walls', { rating: 6, review: 'Fine.' });
    await call('POST', '/api/users/viewer/block', 'walls');
    const review = (await call('GET', '/api/users/walls/reviews/doom', 'quiet')).json();
    await call('POST', '/api/like', 'quiet', { entityId: review._id });
    expect(await unread('viewer')).toBe(false);
    expect((await call('GET', '/api/activity', 'viewer')).json()).toEqual([]);

    // What the feed does show still lights it.
    await call('PUT', '/api/users/quiet/library/hades', 'quiet', { status: 1 });
    expect(await unread('viewer')).toBe(true);
    await call('DELETE', '/api/users/loud/mute', 'viewer');
    await call('GET', '/api/activity', 'viewer');
    expect(await unread('viewer')).toBe(false);
  });
});
