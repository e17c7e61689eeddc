import { ADMIN_MESSAGES, type AdminComment, type AdminReview, type AuditEntry, type NotificationItem } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(dbKinds)('dashboard API: reviews, comments and featured reviews on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const entry: Record<string, number> = {};

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const review = async (who: string, game: string, text: string | null) => {
    const res = await call('PUT', `/api/users/${who}/library/${game}`, who, { rating: 7, review: text, platforms: [] });
    entry[`${who}/${game}`] = Number(res.json()._id);
  };
  const featIds = async () => ((await call('GET', '/api/library/reviews/feat?limit=20')).json() as { _id: string }[]).map((r) => Number(r._id));
  const adminFeatured = async () => ((await call('GET', '/api/admin/featured', 'mod')).json() as AdminReview[]).map((r) => Number(r._id));
  const latestAudit = async () => ((await call('GET', '/api/admin/audit?limit=1', 'mod')).json() as AuditEntry[])[0]!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['dos'] },
      { name: 'Myst', slug: 'myst', year: 1993, platforms: ['mac'] },
    ]);
    for (const [username, role] of [['ann', 'user'], ['bob', 'user'], ['cat', 'user'], ['mod', 'moderator']] as const) {
      await createUser(t.db.kysely, { username, role });
      token[username] = await loginToken(t.app, username);
    }
    await review('ann', 'tetris', 'Falling blocks, forever.');
    await review('bob', 'doom', 'Rip and tear 100% of the time.');
    await review('cat', 'myst', 'A quiet island of puzzles.');
    await review('ann', 'myst', null);
  });
  afterAll(() => t.close());

  it('lists written reviews newest first in the SPEC §3 shape plus featured, and searches text, game and author', async () => {
    const res = await call('GET', '/api/admin/reviews', 'mod');
    expect(res.headers['x-total-count']).toBe('3');
    const rows = res.json() as AdminReview[];
    expect(rows.map((r) => r.user.username)).toEqual(['cat', 'bob', 'ann']);
    expect(Object.keys(rows[0]!).sort()).toEqual(['_id', 'comments', 'date', 'featureRefusal', 'featured', 'game', 'likes', 'platform', 'rating', 'review', 'slug', 'spoilers', 'status', 'user'].sort());
    expect(rows[2]).toMatchObject({ _id: String(entry['ann/tetris']), review: 'Falling blocks, forever.', slug: 'tetris', featured: false, game: { name: 'Tetris' } });
    const authors = async (q: string) => ((await call('GET', `/api/admin/reviews?q=${encodeURIComponent(q)}`, 'mod')).json() as AdminReview[]).map((r) => r.user.username);
    expect(await authors('FALLING')).toEqual(['ann']);
    expect(await authors('doo')).toEqual(['bob']);
    expect(await authors('ca')).toEqual(['cat']);
    expect(await authors('100%')).toEqual(['bob']);
    expect(await authors('nothing like this')).toEqual([]);
    expect(((await call('GET', '/api/admin/reviews?limit=1&page=2', 'mod')).json() as AdminReview[])[0]!.user.username).toBe('bob');
  });

  it('features written reviews of active users in order; the landing list follows it', async () => {
    expect(await featIds()).toEqual([]);
    for (const key of ['bob/doom', 'ann/tetris', 'cat/myst']) {
      const res = await call('POST', '/api/admin/featured', 'mod', { entryId: entry[key] });
      expect(res.statusCode).toBe(200);
    }
    expect(await adminFeatured()).toEqual([entry['bob/doom'], entry['ann/tetris'], entry['cat/myst']]);
    expect(await featIds()).toEqual([entry['bob/doom'], entry['ann/tetris'], entry['cat/myst']]);
    expect(((await call('GET', '/api/admin/reviews?q=doom', 'mod')).json() as AdminReview[])[0]!.featured).toBe(true);
    expect(await latestAudit()).toMatchObject({ actor: { username: 'mod' }, action: 'review.feature', targetType: 'review', targetId: entry['cat/myst'], targetLabel: 'cat: Myst' });

    const again = await call('POST', '/api/admin/featured', 'mod', { entryId: entry['bob/doom'] });
    expect([again.statusCode, again.json().message]).toEqual([409, ADMIN_MESSAGES.alreadyFeatured]);
    expect((await call('POST', '/api/admin/featured', 'mod', { entryId: entry['ann/myst'] })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/featured', 'mod', { entryId: 'doom' })).statusCode).toBe(400);
  });

  it('reorders exactly the featured set, and nothing else', async () => {
    const order = [entry['cat/myst']!, entry['bob/doom']!, entry['ann/tetris']!];
    const res = await call('PUT', '/api/admin/featured', 'mod', { entryIds: order });
    expect((res.json() as AdminReview[]).map((r) => Number(r._id))).toEqual(order);
    expect(await featIds()).toEqual(order);
    expect(await latestAudit()).toMatchObject({ action: 'featured.reorder', targetType: 'featured', targetId: null });
    for (const entryIds of [order.slice(0, 2), [...order, entry['ann/myst']], [order[0], order[0], order[1]], [order[0], order[1], 999_999]]) {
      const bad = await call('PUT', '/api/admin/featured', 'mod', { entryIds });
      expect(bad.statusCode, JSON.stringify(entryIds)).toBe(400);
    }
    expect(await featIds()).toEqual(order);
  });

  it('unfeatures, and hides the featured review of a suspended author until they are back', async () => {
    const res = await call('DELETE', `/api/admin/featured/${entry['cat/myst']}`, 'mod');
    expect((res.json() as AdminReview[]).map((r) => Number(r._id))).toEqual([entry['bob/doom'], entry['ann/tetris']]);
    expect(await featIds()).toEqual([entry['bob/doom'], entry['ann/tetris']]);
    expect(await latestAudit()).toMatchObject({ action: 'review.unfeature', targetId: entry['cat/myst'] });
    expect((await call('DELETE', `/api/admin/featured/${entry['cat/myst']}`, 'mod')).json().message).toBe(ADMIN_MESSAGES.notFeatured);

    const cat = (await call('GET', '/api/admin/users?q=cat', 'mod')).json()[0].id as number;
    await call('POST', `/api/admin/users/${cat}/suspend`, 'mod', { reason: 'Spam links' });
    // The list says why before anyone tries, in the words the refusal uses.
    const listed = ((await call('GET', '/api/admin/reviews?q=cat', 'mod')).json() as AdminReview[]).find((r) => Number(r._id) === entry['cat/myst']);
    expect(listed?.featureRefusal).toBe(ADMIN_MESSAGES.authorSuspended);
    const refused = await call('POST', '/api/admin/featured', 'mod', { entryId: entry['cat/myst'] });
    expect([refused.statusCode, refused.json().message]).toEqual([400, listed?.featureRefusal]);
    await call('POST', `/api/admin/users/${cat}/unsuspend`, 'mod');
    const back = ((await call('GET', '/api/admin/reviews?q=cat', 'mod')).json() as AdminReview[]).find((r) => Number(r._id) === entry['cat/myst']);
    expect(back?.featureRefusal).toBeNull();
    token.cat = await loginToken(t.app, 'cat');
  });

  it('lists comments newest first with their review, and searches them', async () => {
    await call('POST', '/api/users/ann/reviews/tetris/comments', 'bob', { body: 'Total classic.' });
    await call('POST', '/api/users/ann/reviews/tetris/comments', 'cat', { body: 'Buy my gold coins!' });
    await call('POST', '/api/users/bob/reviews/doom/comments', 'ann', { body: 'Rip and tear indeed.' });
    const res = await call('GET', '/api/admin/comments', 'mod');
    expect(res.headers['x-total-count']).toBe('3');
    const rows = res.json() as AdminComment[];
    expect(rows.map((c) => c.body)).toEqual(['Rip and tear indeed.', 'Buy my gold coins!', 'Total classic.']);
    expect(rows[1]).toEqual({
      id: expect.any(Number),
      body: 'Buy my gold coins!',
      createdAt: expect.any(Number),
      user: { username: 'cat', avatar: null },
      review: { username: 'ann', slug: 'tetris', gameName: 'Tetris' },
      list: null,
    });
    const bodies = async (q: string) => ((await call('GET', `/api/admin/comments?q=${encodeURIComponent(q)}`, 'mod')).json() as AdminComment[]).map((c) => c.body);
    expect(await bodies('GOLD')).toEqual(['Buy my gold coins!']);
    expect(await bodies('bob')).toEqual(['Total classic.']);
    expect(await bodies('doom')).toEqual(['Rip and tear indeed.']);
  });

  it('deletes a comment with a reason: the review count follows, the author is told why, the audit log says so', async () => {
    const spam = ((await call('GET', '/api/admin/comments?q=gold', 'mod')).json() as AdminComment[])[0]!;
    expect((await call('DELETE', `/api/admin/comments/${spam.id}`, 'mod', { reason: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/admin/comments/${spam.id}`, 'mod', { reason: 'Advertising' })).statusCode).toBe(204);
    expect((await call('GET', '/api/users/ann/reviews/tetris')).json().comments).toBe(1);
    expect(((await call('GET', '/api/users/ann/reviews/tetris/comments')).json() as { body: string }[]).map((c) => c.body)).toEqual(['Total classic.']);
    const told = ((await call('GET', '/api/notifications', 'cat')).json() as NotificationItem[])[0]!;
    expect(told).toMatchObject({ kind: 'comment_removed', actor: { username: 'mod' }, message: 'Advertising', review: { username: 'ann', slug: 'tetris', gameName: 'Tetris' } });
    expect(await latestAudit()).toMatchObject({
      actor: { username: 'mod' },
      action: 'comment.delete',
      targetType: 'comment',
      targetId: spam.id,
      targetLabel: 'cat: Buy my gold coins!',
      reason: 'Advertising',
    });
    expect((await call('DELETE', `/api/admin/comments/${spam.id}`, 'mod', { reason: 'Advertising' })).statusCode).toBe(404);
  });

  it('deletes a review with a reason: the entry stays in the library, likes and comments go, the author is told why', async () => {
    await call('POST', '/api/like', 'cat', { entityId: String(entry['ann/tetris']) });
    const id = entry['ann/tetris']!;
    expect((await call('DELETE', `/api/admin/reviews/${id}`, 'mod')).statusCode).toBe(400);
    expect((await call('DELETE', `/api/admin/reviews/${id}`, 'mod', { reason: 'Spoilers without warning' })).statusCode).toBe(204);

    expect((await call('GET', '/api/users/ann/reviews/tetris')).statusCode).toBe(404);
    const kept = (await call('GET', '/api/users/ann/library/tetris')).json();
    expect(kept).toMatchObject({ rating: 7, review: null, slug: null, likes: 0, comments: 0, date: { reviewCreated: null, reviewUpdated: null } });
    expect(((await call('GET', '/api/admin/comments', 'mod')).json() as AdminComment[]).map((c) => c.body)).toEqual(['Rip and tear indeed.']);
    expect(await featIds()).toEqual([entry['bob/doom']]);
    expect((await call('GET', '/api/admin/reviews', 'mod')).headers['x-total-count']).toBe('2');

    const told = ((await call('GET', '/api/notifications', 'ann')).json() as NotificationItem[])[0]!;
    expect(told).toMatchObject({ kind: 'review_removed', actor: { username: 'mod' }, message: 'Spoilers without warning' });
    expect(await latestAudit()).toMatchObject({ action: 'review.delete', targetType: 'review', targetId: id, targetLabel: 'ann: Tetris', reason: 'Spoilers without warning' });
    expect((await call('DELETE', `/api/admin/reviews/${id}`, 'mod', { reason: 'Spoilers without warning' })).statusCode).toBe(404);

    // The author may write a new review of the game; it starts from nothing.
    await review('ann', 'tetris', 'Second thoughts.');
    expect((await call('GET', '/api/users/ann/reviews/tetris')).json()).toMatchObject({ review: 'Second thoughts.', likes: 0, comments: 0 });
  });
});
