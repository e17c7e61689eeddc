import { describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/databases.js';
import { raceSetup } from '../../test/races.js';

/** Who sees whom: blocks, mutes, private profiles and follow requests (issue 36). */
describe.each(dbKinds)('audience on %s', (kind) => {
  const race = raceSetup(kind, 'aud');
  const { call, member } = race;
  const countsOf = (userId: number) =>
    race.t.db.kysely.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', userId).executeTakeFirstOrThrow();
  const follows = (a: number, b: number) =>
    race.t.db.kysely.selectFrom('follows').select('follower_id').where('follower_id', '=', a).where('followee_id', '=', b).executeTakeFirst();
  const entryId = async (userId: number, slug: string) =>
    (
      await race.t.db.kysely
        .selectFrom('library_entries as e')
        .innerJoin('games as g', 'g.id', 'e.game_id')
        .select('e.id')
        .where('e.user_id', '=', userId)
        .where('g.slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;
  const notificationsOf = async (userId: number) =>
    Number((await race.t.db.kysely.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

  /** Every read of a member's things, as the web app and API clients make them. */
  const reads = (name: string) => [
    `/api/users/${name}/library`,
    `/api/users/${name}/library/game-1`,
    `/api/users/${name}/diary`,
    `/api/users/${name}/diary/filters`,
    `/api/users/${name}/reviews`,
    `/api/users/${name}/reviews/game-1`,
    `/api/users/${name}/reviews/game-1/comments`,
    `/api/users/${name}/lists`,
    `/api/users/${name}/lists/mine`,
    `/api/users/${name}/lists/mine/comments`,
    `/api/users/${name}/stats`,
    `/api/users/${name}/year/2024`,
    `/api/users/${name}/followers`,
    `/api/users/${name}/following`,
  ];

  /** A member with a review, a diary line and a public list, ready to be read. */
  async function owner() {
    const m = await member();
    expect((await call('PUT', `/api/users/${m.name}/library/game-1`, m.token, { review: 'Secret thoughts.', rating: 8 })).statusCode).toBeLessThan(300);
    expect((await call('POST', `/api/users/${m.name}/diary`, m.token, { game: 'game-1', playedOn: '2024-03-01', event: 'finished' })).statusCode).toBe(201);
    expect((await call('POST', `/api/users/${m.name}/lists`, m.token, { title: 'Mine', isPublic: true, games: ['game-1'] })).statusCode).toBe(201);
    return m;
  }

  it('a block removes follows both ways and hides the blocker from the blocked (404), who cannot follow (403), like or comment', async () => {
    const [a, b] = [await member(), await owner()];
    expect((await call('POST', `/api/users/${b.name}/follow`, a.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${a.name}/follow`, b.token)).statusCode).toBe(200);
    for (const path of reads(b.name)) expect([path, (await call('GET', path, a.token)).statusCode]).toEqual([path, 200]);

    const blocked = await call('POST', `/api/users/${a.name}/block`, b.token);
    expect([blocked.statusCode, blocked.json()]).toEqual([200, { isBlocked: true }]);
    expect(await follows(a.user.id, b.user.id)).toBeUndefined();
    expect(await follows(b.user.id, a.user.id)).toBeUndefined();
    for (const m of [a, b]) expect(await countsOf(m.user.id)).toEqual({ followers_count: 0, following_count: 0 });

    expect((await call('GET', `/api/users/${b.name}`, a.token)).statusCode).toBe(404);
    for (const path of reads(b.name)) expect([path, (await call('GET', path, a.token)).statusCode]).toEqual([path, 404]);
    // Nothing in a 404 says "blocked".
    expect(JSON.stringify((await call('GET', `/api/users/${b.name}/diary`, a.token)).json())).not.toMatch(/block/i);
    // Signed out, or for anyone else, B is there as before.
    expect((await call('GET', `/api/users/${b.name}/diary`)).statusCode).toBe(200);

    const again = await call('POST', `/api/users/${b.name}/follow`, a.token);
    expect([again.statusCode, again.json().message]).toEqual([403, "You can't follow this member."]);
    const review = await entryId(b.user.id, 'game-1');
    expect((await call('POST', '/api/like', a.token, { entityId: String(review) })).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${b.name}/reviews/game-1/comments`, a.token, { body: 'Hi' })).statusCode).toBe(404);
    // The blocker does not follow or comment on the blocked either.
    await call('PUT', `/api/users/${a.name}/library/game-2`, a.token, { review: 'Mine.' });
    expect((await call('POST', `/api/users/${a.name}/follow`, b.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/users/${a.name}/reviews/game-2/comments`, b.token, { body: 'Hi' })).statusCode).toBe(403);
    // Nor do they find each other.
    expect((await call('GET', `/api/users?q=${b.name}`, a.token)).json()).toEqual([]);

    const list = await call('GET', '/api/blocks', b.token);
    expect(list.json()).toEqual([expect.objectContaining({ username: a.name })]);
    expect((await call('GET', '/api/blocks', a.token)).json()).toEqual([]);
    expect((await call('GET', `/api/users/${a.name}`, b.token)).json().viewerBlocks).toBe(true);

    expect((await call('DELETE', `/api/users/${a.name}/block`, b.token)).json()).toEqual({ isBlocked: false });
    expect((await call('GET', `/api/users/${b.name}/diary`, a.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${b.name}/follow`, a.token)).statusCode).toBe(200);
  });

  it('answers bad block and mute calls clearly', async () => {
    const a = await member();
    const self = await call('POST', `/api/users/${a.name}/block`, a.token);
    expect([self.statusCode, self.json().message]).toEqual([400, "You can't block yourself."]);
    expect((await call('POST', `/api/users/${a.name}/mute`, a.token)).statusCode).toBe(400);
    expect((await call('POST', '/api/users/nobody-here/block', a.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${a.name}/block`)).statusCode).toBe(401);
    expect((await call('PUT', '/api/profile/privacy', a.token, { isPrivate: 'yes' })).statusCode).toBe(400);
    expect((await call('POST', `/api/follow-requests/${a.name}/approve`, a.token)).statusCode).toBe(404);
  });

  it('a mute silently takes someone out of the muter’s feed and notifications', async () => {
    const [a, b] = [await owner(), await member()];
    await call('POST', `/api/users/${b.name}/follow`, a.token);
    await call('PUT', `/api/users/${b.name}/library/game-3`, b.token, { status: 2 });
    const feed = async () => (await call('GET', '/api/activity', a.token)).json<unknown[]>();
    expect((await feed()).length).toBeGreaterThan(0);

    expect((await call('POST', `/api/users/${b.name}/mute`, a.token)).json()).toEqual({ isMuted: true });
    expect(await feed()).toEqual([]);
    const before = await notificationsOf(a.user.id);
    expect((await call('POST', '/api/like', b.token, { entityId: String(await entryId(a.user.id, 'game-1')) })).statusCode).toBe(200);
    expect(await notificationsOf(a.user.id)).toBe(before);
    // B is not told and still reads A.
    expect((await call('GET', `/api/users/${a.name}/diary`, b.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${b.name}`, a.token)).json().viewerMutes).toBe(true);
    expect((await call('GET', '/api/mutes', a.token)).json()).toEqual([expect.objectContaining({ username: b.name })]);

    await call('DELETE', `/api/users/${b.name}/mute`, a.token);
    expect((await feed()).length).toBeGreaterThan(0);
  });

  it('a private member’s things are their approved followers’ only, on every route; a follow is a request they approve', async () => {
    const [p, v, f] = [await owner(), await member(), await member()];
    await call('POST', `/api/users/${p.name}/follow`, f.token);
    const gameReviews = async () => (await call('GET', '/api/igdb/games/game-1/reviews')).json<{ user: { username: string } }[]>().map((r) => r.user.username);
    expect(await gameReviews()).toContain(p.name);

    expect((await call('PUT', '/api/profile/privacy', p.token, { isPrivate: true })).json()).toEqual({ isPrivate: true, hideFromSearch: false });
    // The cached anonymous answer is not served after the change.
    expect(await gameReviews()).not.toContain(p.name);

    for (const viewer of [undefined, v.token]) {
      const profile = await call('GET', `/api/users/${p.name}`, viewer);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ username: p.name, isPrivate: true, recentDiary: [], recentReviews: [], favourites: [] });
      for (const path of reads(p.name)) {
        const res = await call('GET', path, viewer);
        expect([path, res.statusCode]).toEqual([path, 404]);
        expect(res.body).not.toContain('Secret thoughts');
      }
      expect((await call('GET', `/api/users/${p.name}/year/2024/card.png`, viewer)).statusCode).toBe(404);
    }
    expect((await call('POST', '/api/like', v.token, { entityId: String(await entryId(p.user.id, 'game-1')) })).statusCode).toBe(404);
    // Found by name in member search.
    expect((await call('GET', `/api/users?q=${p.name}`, v.token)).json().map((c: { username: string }) => c.username)).toContain(p.name);
    // An approved follower and the owner read everything.
    for (const token of [f.token, p.token]) for (const path of reads(p.name)) expect([path, (await call('GET', path, token)).statusCode]).toEqual([path, 200]);

    const asked = await call('POST', `/api/users/${p.name}/follow`, v.token);
    expect(asked.json()).toEqual({ isFollowing: false, followers: 1, isRequested: true });
    expect((await call('GET', `/api/users/${p.name}`, v.token)).json().followRequested).toBe(true);
    expect((await call('GET', '/api/follow-requests', p.token)).json()).toEqual([expect.objectContaining({ username: v.name })]);
    expect((await call('POST', `/api/follow-requests/${v.name}/approve`, p.token)).statusCode).toBe(204);
    expect(await countsOf(p.user.id)).toMatchObject({ followers_count: 2 });
    expect((await call('GET', `/api/users/${p.name}/diary`, v.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/follow-requests', p.token)).json()).toEqual([]);

    // Declined: nothing changes but the request goes.
    const w = await member();
    await call('POST', `/api/users/${p.name}/follow`, w.token);
    expect((await call('POST', `/api/follow-requests/${w.name}/decline`, p.token)).statusCode).toBe(204);
    expect((await call('GET', `/api/users/${p.name}/diary`, w.token)).statusCode).toBe(404);
    expect(await follows(w.user.id, p.user.id)).toBeUndefined();

    // Public again: the profile opens and waiting requests become follows.
    const x = await member();
    await call('POST', `/api/users/${p.name}/follow`, x.token);
    await call('PUT', '/api/profile/privacy', p.token, { isPrivate: false });
    expect(await follows(x.user.id, p.user.id)).toBeDefined();
    expect((await call('GET', `/api/users/${p.name}/diary`)).statusCode).toBe(200);
  });

  it('a private member’s review liked by someone followed stays out of a non-follower’s feed', async () => {
    const [p, friend, v] = [await owner(), await member(), await member()];
    await call('POST', `/api/users/${friend.name}/follow`, v.token);
    await call('POST', `/api/users/${p.name}/follow`, friend.token);
    await call('PUT', '/api/profile/privacy', p.token, { isPrivate: true });
    expect((await call('POST', '/api/like', friend.token, { entityId: String(await entryId(p.user.id, 'game-1')) })).statusCode).toBe(200);
    const res = await call('GET', '/api/activity', v.token);
    expect(res.body).not.toContain('Secret thoughts');
    expect(res.json().filter((i: { verbs: string[] }) => i.verbs.includes('liked'))).toEqual([]);
  });

  it('"Hide from search engines" puts a robots noindex on the member’s pages; a private profile’s preview says it is private', async () => {
    const m = await owner();
    const robots = async (path: string) => /<meta name="robots" content="noindex"/.test((await call('GET', path)).body);
    expect(await robots(`/u/${m.name}`)).toBe(false);
    expect((await call('PUT', '/api/profile/privacy', m.token, { hideFromSearch: true })).json()).toEqual({ isPrivate: false, hideFromSearch: true });
    for (const path of [`/u/${m.name}`, `/u/${m.name}/diary`, `/u/${m.name}/reviews/game-1`, `/u/${m.name}/lists/mine`]) expect([path, await robots(path)]).toEqual([path, true]);
    expect(await robots('/')).toBe(false);

    const p = await owner();
    await call('PUT', '/api/profile/privacy', p.token, { isPrivate: true });
    const page = await call('GET', `/u/${p.name}`);
    expect([page.statusCode, page.body.includes('This profile is private.'), page.body.includes('noindex')]).toEqual([200, true, true]);
    // Its review's preview is not there for a signed-out link preview.
    const review = await call('GET', `/u/${p.name}/reviews/game-1`);
    expect([review.statusCode, review.body.includes('Secret thoughts')]).toEqual([404, false]);
  });

  it('a list for followers is seen, liked and commented on by followers and its owner only; isPublic stays consistent', async () => {
    const [o, fan, other] = [await member(), await member(), await member()];
    await call('POST', `/api/users/${o.name}/follow`, fan.token);
    const made = await call('POST', `/api/users/${o.name}/lists`, o.token, { title: 'Friends only', visibility: 'followers', games: ['game-2'] });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ isPublic: false, visibility: 'followers' });
    const id = made.json()._id as string;
    const path = `/api/users/${o.name}/lists/friends-only`;
    for (const [token, status] of [[fan.token, 200], [o.token, 200], [other.token, 404], [undefined, 404]] as const) {
      expect([token === fan.token ? 'fan' : token === o.token ? 'owner' : 'other', (await call('GET', path, token)).statusCode]).toEqual([
        token === fan.token ? 'fan' : token === o.token ? 'owner' : 'other',
        status,
      ]);
    }
    const names = async (token?: string) => (await call('GET', `/api/users/${o.name}/lists`, token)).json().map((l: { slug: string }) => l.slug);
    expect(await names(fan.token)).toContain('friends-only');
    expect(await names(other.token)).not.toContain('friends-only');
    expect((await call('POST', '/api/like', fan.token, { entityId: id })).statusCode).toBe(200);
    expect((await call('POST', '/api/like', other.token, { entityId: id })).statusCode).toBe(404);
    expect((await call('POST', `${path}/comments`, fan.token, { body: 'Nice.' })).statusCode).toBe(201);
    expect((await call('POST', `${path}/comments`, other.token, { body: 'Nice.' })).statusCode).toBe(404);
    expect((await call('GET', '/api/lists')).json().map((l: { slug: string }) => l.slug)).not.toContain('friends-only');
    // An old client's isPublic still works and moves the visibility with it.
    const edited = await call('PUT', path, o.token, { title: 'Friends only', isPublic: true });
    expect(edited.json()).toMatchObject({ isPublic: true, visibility: 'public' });
    expect((await call('PUT', path, o.token, { title: 'Friends only', visibility: 'private' })).json()).toMatchObject({ isPublic: false, visibility: 'private' });
    expect((await call('GET', path, fan.token)).statusCode).toBe(404);
    expect((await call('PUT', path, o.token, { title: 'Friends only', visibility: 'everyone' })).statusCode).toBe(400);
  });

  it('a review for followers or for its author only is read by them alone, on every route that shows review text', async () => {
    const [o, fan, other] = [await owner(), await member(), await member()];
    await call('POST', `/api/users/${o.name}/follow`, fan.token);
    await call('POST', `/api/users/${o.name}/follow`, other.token);
    await call('DELETE', `/api/users/${o.name}/follow`, other.token);
    const put = (visibility?: string) => call('PUT', `/api/users/${o.name}/library/game-1`, o.token, { review: 'Only for friends.', rating: 8, ...(visibility ? { reviewVisibility: visibility } : {}) });
    expect((await put('followers')).json()).toMatchObject({ reviewVisibility: 'followers' });
    // Left out by an older client: kept.
    expect((await put()).json()).toMatchObject({ reviewVisibility: 'followers' });
    const review = `/api/users/${o.name}/reviews/game-1`;
    const texts = async (token?: string) => {
      const bodies = await Promise.all(
        [review, `/api/users/${o.name}/reviews`, `/api/users/${o.name}`, `/api/users/${o.name}/library/game-1`, '/api/igdb/games/game-1/reviews', `${review}/comments`].map((path) => call('GET', path, token)),
      );
      return bodies.map((r) => r.statusCode === 200 && r.body.includes('Only for friends'));
    };
    expect(await texts(fan.token)).toEqual([true, true, true, true, false, false]);
    expect(await texts(o.token)).toEqual([true, true, true, true, false, false]);
    expect(await texts(other.token)).toEqual([false, false, false, false, false, false]);
    expect(await texts()).toEqual([false, false, false, false, false, false]);
    expect((await call('GET', review, other.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${o.name}/reviews`, other.token)).headers['x-total-count']).toBe('0');
    const entity = String(await entryId(o.user.id, 'game-1'));
    expect((await call('POST', '/api/like', other.token, { entityId: entity })).statusCode).toBe(404);
    expect((await call('POST', `${review}/comments`, other.token, { body: 'Hm.' })).statusCode).toBe(404);
    expect((await call('POST', '/api/like', fan.token, { entityId: entity })).statusCode).toBe(200);
    expect((await call('POST', `${review}/comments`, fan.token, { body: 'Agreed.' })).statusCode).toBe(201);

    await put('private');
    expect(await texts(fan.token)).toEqual([false, false, false, false, false, false]);
    expect(await texts(o.token)).toEqual([true, true, true, true, false, false]);
    // The fan's like stays out of the fan's followers' feeds' text too.
    expect((await call('GET', '/api/activity', fan.token)).body).not.toContain('Only for friends');
    await put('public');
    expect((await texts(other.token)).slice(0, 5)).toEqual([true, true, true, true, true]);
    expect((await put('everyone')).statusCode).toBe(400);
  });
});
