import { REPORT_MESSAGES, type AuditEntry, type CommentEntry, type NotificationItem, type ReportGroup } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(dbKinds)('reports and the moderation queue on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  type Named = 'ann' | 'bob' | 'cat' | 'dan' | 'mod' | 'mod2' | 'annReview' | 'bobReview' | 'bobComment' | 'danComment' | 'annList' | 'bobSecret';
  const id = {} as Record<Named, number>;

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const report = (who: string, payload: object) => call('POST', '/api/reports', who, payload);
  const queue = async () => (await call('GET', '/api/admin/reports', 'mod')).json() as ReportGroup[];
  const groupOn = async (type: string, targetId: number) => (await queue()).find((g) => g.target.type === type && g.target.id === targetId);
  const comments = async (who?: string) => (await call('GET', '/api/users/ann/reviews/tetris/comments', who)).json() as CommentEntry[];
  const notifications = async (who: string) => (await call('GET', '/api/notifications', who)).json() as NotificationItem[];
  const latestAudit = async () => ((await call('GET', '/api/admin/audit?limit=1', 'mod')).json() as AuditEntry[])[0]!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['dos'] },
    ]);
    for (const [username, role] of [['ann', 'user'], ['bob', 'user'], ['cat', 'user'], ['dan', 'user'], ['mod', 'moderator'], ['mod2', 'moderator']] as const) {
      id[username] = (await createUser(t.db.kysely, { username, role })).id;
      token[username] = await loginToken(t.app, username);
    }
    id.annReview = Number((await call('PUT', '/api/users/ann/library/tetris', 'ann', { rating: 7, review: 'Falling blocks, forever.', platforms: [] })).json()._id);
    id.bobReview = Number((await call('PUT', '/api/users/bob/library/doom', 'bob', { rating: 8, review: 'Rip and tear.', platforms: [] })).json()._id);
    id.bobComment = (await call('POST', '/api/users/ann/reviews/tetris/comments', 'bob', { body: 'You are an idiot.' })).json().id;
    id.danComment = (await call('POST', '/api/users/ann/reviews/tetris/comments', 'dan', { body: 'Nice one.' })).json().id;
    const list = await call('POST', '/api/users/ann/lists', 'ann', { title: 'Blocks', isPublic: true });
    id.annList = list.json().id;
    const secret = await call('POST', '/api/users/bob/lists', 'bob', { title: 'Secret', isPublic: false });
    id.bobSecret = secret.json().id;
  });
  afterAll(() => t.close());

  it('files a report with a reason and thanks the reporter; a second open one on the same target is a 409', async () => {
    const res = await report('cat', { targetType: 'comment', targetId: id.bobComment, reason: 'harassment', details: 'Insults the reviewer' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(REPORT_MESSAGES.thanks);
    const again = await report('cat', { targetType: 'comment', targetId: id.bobComment, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPORT_MESSAGES.alreadyReported);
  });

  it('keeps one open report when the same member sends two at once', async () => {
    const both = await Promise.all([1, 2].map(() => report('ann', { targetType: 'user', username: 'bob', reason: 'spam' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const open = await t.db.kysely.selectFrom('reports').select('id').where('reporter_id', '=', id.ann).where('target_type', '=', 'user').execute();
    expect(open).toHaveLength(1);
    await t.db.kysely.deleteFrom('reports').where('id', '=', open[0]!.id).execute();
  });

  it('limits how often a member reports, like other writes', async () => {
    await createUser(t.db.kysely, { username: 'eve' });
    const eveToken = await loginToken(t.app, 'eve');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/reports', headers: bearer(eveToken), payload: { targetType: 'review', targetId: 900_000 + i, reason: 'spam' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
  });

  it('refuses bad input, one’s own things, and what the reporter cannot see', async () => {
    const bad = await report('cat', { targetType: 'comment', targetId: id.bobComment, reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['reason']);
    const long = await report('cat', { targetType: 'review', targetId: id.annReview, reason: 'other', details: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.details).toMatch(/1000/);
    const noTarget = await report('cat', { targetType: 'user', reason: 'spam' });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().errors.targetId).toBeDefined();
    const self = await report('bob', { targetType: 'comment', targetId: id.bobComment, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(REPORT_MESSAGES.reportSelf);
    expect((await report('cat', { targetType: 'list', targetId: id.bobSecret, reason: 'spam' })).statusCode).toBe(404);
    expect((await report('cat', { targetType: 'review', targetId: 999_999, reason: 'spam' })).statusCode).toBe(404);
    expect((await report('cat', { targetType: 'user', username: 'nobody-here', reason: 'spam' })).statusCode).toBe(404);
    expect((await call('POST', '/api/reports', undefined, { targetType: 'user', username: 'bob', reason: 'spam' })).statusCode).toBe(401);
  });

  it('keeps the queue to moderators, one entry per target with context, reporters, reasons and the author’s record', async () => {
    expect((await call('GET', '/api/admin/reports', 'cat')).statusCode).toBe(403);
    expect((await report('dan', { targetType: 'comment', targetId: id.bobComment, reason: 'hateful' })).statusCode).toBe(201);
    const res = await call('GET', '/api/admin/reports', 'mod');
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const group = await groupOn('comment', id.bobComment);
    expect(group).toMatchObject({
      target: { type: 'comment', excerpt: 'You are an idiot.', author: { username: 'bob' }, link: '/u/ann/reviews/tetris', hidden: false },
      history: { priorReports: 0, suspended: false },
    });
    expect(group!.reports.map((r) => [r.reporter.username, r.reason, r.details])).toEqual([
      ['cat', 'harassment', 'Insults the reviewer'],
      ['dan', 'hateful', null],
    ]);
  });

  it('hides a comment from everyone but its author, tells the author and every reporter, and audits it', async () => {
    const group = (await groupOn('comment', id.bobComment))!;
    expect((await call('POST', `/api/admin/reports/${group.id}/resolve`, 'cat', { action: 'hide' })).statusCode).toBe(403);
    const res = await call('POST', `/api/admin/reports/${group.id}/resolve`, 'mod', { action: 'hide', note: 'Insults' });
    expect(res.statusCode).toBe(204);

    expect((await comments('cat')).map((c) => c.id)).toEqual([id.danComment]);
    expect((await comments()).map((c) => c.id)).toEqual([id.danComment]);
    const own = await comments('bob');
    expect(own.find((c) => c.id === id.bobComment)).toMatchObject({ hiddenByModerator: true });
    expect((await comments('mod2')).map((c) => [c.id, c.hiddenByModerator ?? false])).toEqual([[id.bobComment, true], [id.danComment, false]]);
    expect((await call('GET', '/api/users/ann/reviews/tetris', 'cat')).json().comments).toBe(1);

    const told = (await notifications('cat')).find((n) => n.kind === 'report_resolved')!;
    expect(told.message).toBe('Your report on the comment by bob “You are an idiot.” was reviewed: the comment was hidden.');
    expect((await notifications('dan')).some((n) => n.kind === 'report_resolved' && n.message === told.message)).toBe(true);
    expect((await notifications('bob')).find((n) => n.kind === 'content_hidden')!.message).toMatch(/^A moderator hid your comment/);
    expect(await latestAudit()).toMatchObject({ action: 'report.hide', targetType: 'comment', targetId: id.bobComment, reason: 'Insults', actor: { username: 'mod' } });

    expect(await groupOn('comment', id.bobComment)).toBeUndefined();
    const again = await call('POST', `/api/admin/reports/${group.id}/resolve`, 'mod', { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPORT_MESSAGES.alreadyResolved);
    // Hidden things cannot be liked by others either.
    expect((await call('POST', '/api/like', 'cat', { entityId: `c${id.bobComment}` })).statusCode).toBe(404);
  });

  it('hides a review and a list: gone from their pages and lists for others, still the author’s', async () => {
    await report('cat', { targetType: 'review', targetId: id.bobReview, reason: 'spoilers' });
    await report('cat', { targetType: 'list', targetId: id.annList, reason: 'spam' });
    for (const [type, target] of [['review', id.bobReview], ['list', id.annList]] as const) {
      const g = (await groupOn(type, target))!;
      expect((await call('POST', `/api/admin/reports/${g.id}/resolve`, 'mod2', { action: 'hide' })).statusCode).toBe(204);
    }
    expect((await call('GET', '/api/users/bob/reviews/doom', 'cat')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/bob/reviews/doom', 'bob')).json()).toMatchObject({ hiddenByModerator: true });
    expect((await call('GET', '/api/users/bob/reviews/doom', 'mod')).json()).toMatchObject({ hiddenByModerator: true });
    const entry = (await call('GET', '/api/users/bob/library/doom', 'cat')).json();
    expect([entry.review, entry.slug, entry.hiddenByModerator, entry.rating]).toEqual([null, null, undefined, 8]);
    expect((await call('GET', '/api/users/bob/library/doom', 'bob')).json()).toMatchObject({ review: 'Rip and tear.', hiddenByModerator: true });
    expect(((await call('GET', '/api/igdb/games/doom/reviews', 'cat')).json() as unknown[]).length).toBe(0);
    expect((await call('GET', '/api/users/ann/lists/blocks', 'cat')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/ann/lists/blocks', 'ann')).json()).toMatchObject({ hiddenByModerator: true });
    expect((await call('GET', '/api/users/ann/lists', 'cat')).headers['x-total-count']).toBe('0');
  });

  it('tells the author their content was hidden even when they muted the moderator (a moderator’s notice is not silenced)', async () => {
    await createUser(t.db.kysely, { username: 'jo' });
    const jo = await loginToken(t.app, 'jo');
    const as = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jo), ...(payload ? { payload } : {}) });
    const joReview = Number((await as('PUT', '/api/users/jo/library/doom', { rating: 1, review: 'Spam spam spam.', platforms: [] })).json()._id);
    expect((await as('POST', '/api/users/mod/mute')).json()).toEqual({ isMuted: true });
    await report('cat', { targetType: 'review', targetId: joReview, reason: 'spam' });
    const g = (await groupOn('review', joReview))!;
    expect((await call('POST', `/api/admin/reports/${g.id}/resolve`, 'mod', { action: 'hide', note: 'Spam' })).statusCode).toBe(204);
    const told = (await as('GET', '/api/notifications')).json() as NotificationItem[];
    expect(told.map((n) => n.kind)).toContain('content_hidden');
  });

  it('dismisses with no change and tells the reporter no action was taken; a member cannot be hidden, only suspended', async () => {
    await report('cat', { targetType: 'review', targetId: id.annReview, reason: 'other' });
    const g = (await groupOn('review', id.annReview))!;
    expect((await call('POST', `/api/admin/reports/${g.id}/resolve`, 'mod', { action: 'dismiss' })).statusCode).toBe(204);
    expect((await call('GET', '/api/users/ann/reviews/tetris', 'cat')).statusCode).toBe(200);
    expect((await notifications('cat')).some((n) => n.message?.endsWith('was reviewed: no action was taken.'))).toBe(true);
    expect(await latestAudit()).toMatchObject({ action: 'report.dismiss', targetType: 'review' });

    expect((await report('cat', { targetType: 'user', username: 'dan', reason: 'spam' })).statusCode).toBe(201);
    const u = (await groupOn('user', id.dan))!;
    expect(u.target).toMatchObject({ author: { username: 'dan' }, link: '/u/dan' });
    const hide = await call('POST', `/api/admin/reports/${u.id}/resolve`, 'mod', { action: 'hide' });
    expect(hide.statusCode).toBe(400);
    expect(hide.json().message).toBe(REPORT_MESSAGES.hideUser);
    expect((await call('POST', `/api/admin/reports/${u.id}/resolve`, 'mod', { action: 'suspend' })).statusCode).toBe(204);
    const dan = await t.db.kysely.selectFrom('users').select(['state', 'suspended_reason']).where('id', '=', id.dan).executeTakeFirstOrThrow();
    expect(dan).toEqual({ state: 'suspended', suspended_reason: 'Reported: Spam or advertising' });
    expect((await notifications('cat')).some((n) => n.message === 'Your report on the member dan was reviewed: the account was suspended.')).toBe(true);
  });

  it('lets exactly one of two moderators resolving the same target at once win; the other gets a 409', async () => {
    await call('PUT', '/api/users/cat/library/doom', 'cat', { rating: 2, review: 'Too loud.', platforms: [] });
    const catReview = Number((await call('GET', '/api/users/cat/reviews/doom', 'cat')).json()._id);
    await report('ann', { targetType: 'review', targetId: catReview, reason: 'spam' });
    await report('bob', { targetType: 'review', targetId: catReview, reason: 'other' });
    const g = (await groupOn('review', catReview))!;
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/reports/${g.id}/resolve`, 'mod', { action: 'hide' }),
      call('POST', `/api/admin/reports/${g.id}/resolve`, 'mod2', { action: 'dismiss' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 409]);
    const rows = await t.db.kysely.selectFrom('reports').select(['resolution', 'resolved_by']).where('target_type', '=', 'review').where('target_id', '=', catReview).execute();
    expect(new Set(rows.map((r) => `${r.resolution}/${r.resolved_by}`)).size).toBe(1);
    const audits = await t.db.kysely.selectFrom('audit_log').select('action').where('target_type', '=', 'review').where('target_id', '=', catReview).execute();
    expect(audits).toHaveLength(1);
  });

  it('reports only what the audience rules let the reporter see: blocked, a private member to a non-follower, followers-only and private things are a 404', async () => {
    const made: Record<string, string> = {};
    for (const name of ['gus', 'hal', 'ivy']) {
      await createUser(t.db.kysely, { username: name });
      made[name] = await loginToken(t.app, name);
    }
    const as = (who: string, method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(made[who]!), ...(payload ? { payload } : {}) });
    const file = (who: string, payload: object) => as(who, 'POST', '/api/reports', { reason: 'spam', ...payload });
    const gusReview = Number((await as('gus', 'PUT', '/api/users/gus/library/tetris', { rating: 5, review: 'For my friends.', reviewVisibility: 'followers', platforms: [] })).json()._id);
    const gusList = (await as('gus', 'POST', '/api/users/gus/lists', { title: 'Friends', visibility: 'followers' })).json().id as number;
    const gusComment = (await as('gus', 'POST', '/api/users/ann/reviews/tetris/comments', { body: 'Buy cheap keys here.' })).json().id as number;
    await as('ivy', 'POST', '/api/users/gus/follow');

    // A follower sees the followers' review and list; someone else does not.
    expect((await file('hal', { targetType: 'review', targetId: gusReview })).statusCode).toBe(404);
    expect((await file('hal', { targetType: 'list', targetId: gusList })).statusCode).toBe(404);
    expect((await file('ivy', { targetType: 'review', targetId: gusReview })).statusCode).toBe(201);
    expect((await file('ivy', { targetType: 'list', targetId: gusList })).statusCode).toBe(201);

    // Blocked by the author: their comment and their profile are not there for the reporter.
    expect((await as('gus', 'POST', '/api/users/hal/block')).statusCode).toBeLessThan(300);
    expect((await file('hal', { targetType: 'comment', targetId: gusComment })).statusCode).toBe(404);
    expect((await file('hal', { targetType: 'user', username: 'gus' })).statusCode).toBe(404);

    // A private member's review is their followers' only.
    await as('gus', 'DELETE', '/api/users/hal/block');
    await as('gus', 'PUT', '/api/users/gus/library/doom', { rating: 5, review: 'Public, but I am private.', platforms: [] });
    const gusDoom = Number((await as('gus', 'GET', '/api/users/gus/reviews/doom')).json()._id);
    expect((await as('gus', 'PUT', '/api/profile/privacy', { isPrivate: true })).statusCode).toBe(200);
    expect((await file('hal', { targetType: 'review', targetId: gusDoom })).statusCode).toBe(404);
    // The profile itself (name, bio) still shows, so it can be reported.
    expect((await file('hal', { targetType: 'user', username: 'gus' })).statusCode).toBe(201);
  });
});
