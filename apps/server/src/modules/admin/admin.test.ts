import { ADMIN_MESSAGES, API_MESSAGES, type AdminUser, type AuditEntry } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, claimsOf, createUser, loginToken } from '../../test/users.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { usersRepo } from '../users/users.repo.js';
import { createAdminService } from './admin.service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Who = 'visitor' | 'user' | 'suspended' | 'moderator' | 'suspendedModerator' | 'admin';

/**
 * Every /api/admin endpoint, with what staff get for a target that does not
 * exist: proof they got past the access check without changing anything.
 */
const ENDPOINTS: { method: Method; url: string; payload?: object; adminOnly?: boolean; staff: number }[] = [
  { method: 'GET', url: '/api/admin/overview', staff: 200 },
  { method: 'GET', url: '/api/admin/users', staff: 200 },
  { method: 'POST', url: '/api/admin/users/999999/suspend', payload: { reason: 'Spam links' }, staff: 404 },
  { method: 'POST', url: '/api/admin/users/999999/unsuspend', staff: 404 },
  { method: 'PUT', url: '/api/admin/users/999999/role', payload: { role: 'moderator' }, adminOnly: true, staff: 404 },
  { method: 'GET', url: '/api/admin/reviews', staff: 200 },
  { method: 'DELETE', url: '/api/admin/reviews/999999', payload: { reason: 'Spoilers' }, staff: 404 },
  { method: 'GET', url: '/api/admin/comments', staff: 200 },
  { method: 'DELETE', url: '/api/admin/comments/999999', payload: { reason: 'Rude' }, staff: 404 },
  { method: 'GET', url: '/api/admin/featured', staff: 200 },
  { method: 'POST', url: '/api/admin/featured', payload: { entryId: 999999 }, staff: 404 },
  { method: 'PUT', url: '/api/admin/featured', payload: { entryIds: [999999] }, staff: 400 },
  { method: 'DELETE', url: '/api/admin/featured/999999', staff: 404 },
  { method: 'GET', url: '/api/admin/audit', staff: 200 },
  { method: 'GET', url: '/api/admin/federation', staff: 200 },
];

describe.each(dbKinds)('dashboard API: access and accounts on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const id: Record<string, number> = {};

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const relogin = async (username: string) => {
    token[username] = await loginToken(t.app, username);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['dos'] },
    ]);
    const people = [
      ['ann', 'user', 'active', 'Ann.Smith@Example.com'],
      ['an_n', 'user', 'active', 'underscore@example.com'],
      ['bob', 'user', 'active', 'bob@example.com'],
      ['sus', 'user', 'suspended', 'sus@example.com'],
      ['mod', 'moderator', 'active', 'mod@example.com'],
      ['mod2', 'moderator', 'active', 'mod2@example.com'],
      ['susmod', 'moderator', 'suspended', 'susmod@example.com'],
      ['root', 'admin', 'active', 'root@example.com'],
      ['root2', 'admin', 'active', 'root2@example.com'],
    ] as const;
    let createdAt = Date.now() - people.length * 1000;
    for (const [username, role, state, email] of people) {
      id[username] = (await createUser(t.db.kysely, { username, role, state, email, created_at: (createdAt += 1000) })).id;
      token[username] = await loginToken(t.app, username);
    }
    await call('PUT', '/api/users/ann/library/tetris', 'ann', { rating: 8, review: 'Falling blocks, forever.' });
    await call('PUT', '/api/users/ann/library/doom', 'ann', { status: 4 });
  });
  afterAll(() => t.close());

  const as: Record<Who, string | undefined> = {
    visitor: undefined,
    user: 'bob',
    suspended: 'sus',
    moderator: 'mod',
    suspendedModerator: 'susmod',
    admin: 'root',
  };

  it.each(ENDPOINTS)('$method $url: 401 for visitors, 403 for users and suspended accounts, open to staff', async ({ method, url, payload, adminOnly, staff }) => {
    const status = async (who: Who) => (await call(method, url, as[who], payload)).statusCode;
    expect(await status('visitor')).toBe(401);
    expect(await status('user')).toBe(403);
    expect(await status('suspended')).toBe(403);
    expect(await status('suspendedModerator')).toBe(403);
    expect(await status('moderator')).toBe(adminOnly ? 403 : staff);
    expect(await status('admin')).toBe(staff);
  });

  it('answers 401 before looking at a bad path or body', async () => {
    expect((await call('POST', '/api/admin/users/not-a-number/suspend')).statusCode).toBe(401);
    const denied = await call('PUT', '/api/admin/users/1/role', 'mod', { role: 'nonsense' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(API_MESSAGES.forbidden);
  });

  it('lists users newest first with their counts, paged, the total in X-Total-Count', async () => {
    const res = await call('GET', '/api/admin/users?limit=3', 'mod');
    expect(res.headers['x-total-count']).toBe('9');
    expect(res.json().map((u: AdminUser) => u.username)).toEqual(['root2', 'root', 'susmod']);
    const page3 = await call('GET', '/api/admin/users?limit=3&page=3', 'mod');
    expect(page3.json().map((u: AdminUser) => u.username)).toEqual(['bob', 'an_n', 'ann']);
    const ann = (page3.json() as AdminUser[]).find((u) => u.username === 'ann')!;
    expect(ann).toEqual({
      id: id.ann,
      username: 'ann',
      email: 'Ann.Smith@Example.com',
      avatar: null,
      role: 'user',
      state: 'active',
      createdAt: expect.any(Number),
      lastLoginAt: expect.any(Number),
      suspendedReason: null,
      suspendedAt: null,
      games: 2,
      reviews: 1,
      viewerCan: { suspend: true, unsuspend: false, changeRole: false },
    });
    for (const bad of ['page=0', 'limit=1000', `q=${'x'.repeat(101)}`]) expect((await call('GET', `/api/admin/users?${bad}`, 'mod')).statusCode, bad).toBe(400);
  });

  it('searches users by username or e-mail, any case, anywhere in the text, wildcards taken literally', async () => {
    const names = async (q: string) => ((await call('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, 'mod')).json() as AdminUser[]).map((u) => u.username).sort();
    expect(await names('ROO')).toEqual(['root', 'root2']);
    expect(await names('smith@example')).toEqual(['ann']);
    expect(await names('an_')).toEqual(['an_n']);
    expect(await names('%')).toEqual([]);
    expect((await call('GET', '/api/admin/users?q=mod', 'mod')).headers['x-total-count']).toBe('3');
  });

  it('tells the viewer which buttons apply: moderators act on regular users only, admins on anyone but themselves', async () => {
    const viewerCan = async (who: string, username: string) =>
      ((await call('GET', `/api/admin/users?q=${username}`, who)).json() as AdminUser[]).find((u) => u.username === username)!.viewerCan;
    expect(await viewerCan('mod', 'mod2')).toEqual({ suspend: false, unsuspend: false, changeRole: false });
    expect(await viewerCan('mod', 'sus')).toEqual({ suspend: false, unsuspend: true, changeRole: false });
    expect(await viewerCan('root', 'mod2')).toEqual({ suspend: true, unsuspend: false, changeRole: true });
    expect(await viewerCan('root', 'root')).toEqual({ suspend: false, unsuspend: false, changeRole: false });
  });

  it('suspends with a reason: the account can read but not write, is hidden, and its refreshed token says so; unsuspending undoes it', async () => {
    expect((await call('POST', `/api/admin/users/${id.ann}/suspend`, 'mod', { reason: 'x' })).json().errors.reason).toBe(
      'Give a reason of 3 to 500 characters',
    );
    expect((await call('POST', `/api/admin/users/${id.ann}/suspend`, 'mod', {})).statusCode).toBe(400);
    const res = await call('POST', `/api/admin/users/${id.ann}/suspend`, 'mod', { reason: '  Spam in reviews  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'ann', state: 'suspended', suspendedReason: 'Spam in reviews', suspendedAt: expect.any(Number) });
    expect(res.json().viewerCan).toEqual({ suspend: false, unsuspend: true, changeRole: false });
    // The old token still reads (so the app can notice and show the suspended page) but cannot write.
    expect((await call('GET', '/api/notifications', 'ann')).statusCode).toBe(200);
    expect((await call('GET', '/api/profile/avatar/', 'ann')).json().isSuspended).toBe(true);
    expect((await call('POST', '/api/notifications/read', 'ann', {})).statusCode).toBe(403);
    await relogin('ann');
    expect(claimsOf(token.ann!).isSuspended).toBe(true);
    expect((await call('GET', '/api/users/ann/reviews/tetris')).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/users/${id.ann}/suspend`, 'root', { reason: 'Again' })).json().message).toBe(ADMIN_MESSAGES.alreadySuspended);

    const back = await call('POST', `/api/admin/users/${id.ann}/unsuspend`, 'mod');
    expect(back.json()).toMatchObject({ state: 'active', suspendedReason: null, suspendedAt: null });
    expect((await call('POST', '/api/notifications/read', 'ann', {})).statusCode).toBe(200);
    await relogin('ann');
    expect(claimsOf(token.ann!).isSuspended).toBe(false);
    expect((await call('GET', '/api/users/ann/reviews/tetris')).statusCode).toBe(200);
    const again = await call('POST', `/api/admin/users/${id.ann}/unsuspend`, 'mod');
    expect([again.statusCode, again.json().message]).toEqual([409, ADMIN_MESSAGES.notSuspended]);
  });

  it('lets moderators suspend regular users only, admins anyone, and nobody themselves', async () => {
    for (const target of ['mod2', 'root']) {
      const res = await call('POST', `/api/admin/users/${id[target]}/suspend`, 'mod', { reason: 'Abuse of power' });
      expect([res.statusCode, res.json().message]).toEqual([403, ADMIN_MESSAGES.moderatorTargets]);
    }
    const self = await call('POST', `/api/admin/users/${id.mod}/suspend`, 'mod', { reason: 'Tired' });
    expect([self.statusCode, self.json().message]).toEqual([400, ADMIN_MESSAGES.suspendSelf]);
    const adminSelf = await call('POST', `/api/admin/users/${id.root}/suspend`, 'root', { reason: 'Tired' });
    expect([adminSelf.statusCode, adminSelf.json().message]).toEqual([400, ADMIN_MESSAGES.suspendSelf]);
    expect((await call('POST', `/api/admin/users/${id.susmod}/unsuspend`, 'mod')).statusCode).toBe(403);

    expect((await call('POST', `/api/admin/users/${id.mod2}/suspend`, 'root', { reason: 'Abuse of power' })).json().state).toBe('suspended');
    expect((await call('POST', `/api/admin/users/${id.mod2}/unsuspend`, 'root')).json().state).toBe('active');
    await relogin('mod2');
  });

  it('changes roles (admins only) like the CLI: the old token stops working, the next one carries the role', async () => {
    const res = await call('PUT', `/api/admin/users/${id.bob}/role`, 'root', { role: 'moderator' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'bob', role: 'moderator' });
    expect((await call('GET', '/api/admin/overview', 'bob')).statusCode).toBe(401);
    await relogin('bob');
    expect(claimsOf(token.bob!).role).toBe('moderator');
    expect((await call('GET', '/api/admin/overview', 'bob')).statusCode).toBe(200);

    const bad = await call('PUT', `/api/admin/users/${id.bob}/role`, 'root', { role: 'owner' });
    expect([bad.statusCode, bad.json().errors.role]).toEqual([400, 'Role must be one of user, moderator, admin']);
    const self = await call('PUT', `/api/admin/users/${id.root}/role`, 'root', { role: 'user' });
    expect([self.statusCode, self.json().message]).toEqual([400, ADMIN_MESSAGES.changeOwnRole]);
    expect((await call('PUT', `/api/admin/users/${id.bob}/role`, 'mod', { role: 'user' })).statusCode).toBe(403);

    expect((await call('PUT', `/api/admin/users/${id.bob}/role`, 'root', { role: 'user' })).json().role).toBe('user');
    await relogin('bob');
    expect((await call('GET', '/api/admin/overview', 'bob')).statusCode).toBe(403);
  });

  it('never demotes or suspends the last admin in good standing', async () => {
    const root = (await usersRepo.findById(t.db.kysely, id.root!))!;
    const admin = createAdminService(t.db, { notifications: createNotificationsService(t.db) });
    // Only reachable when another admin's account changed mid-request; the rule holds on its own.
    const ghostAdmin = { ...root, id: 999_999, username: 'ghost' };
    await usersRepo.update(t.db.kysely, id.root2!, { role: 'moderator' });
    await expect(admin.setRole(ghostAdmin, id.root!, { role: 'user' })).rejects.toMatchObject({ statusCode: 400, message: ADMIN_MESSAGES.lastAdmin });
    await expect(admin.suspend(ghostAdmin, id.root!, 'Gone rogue')).rejects.toMatchObject({ statusCode: 400, message: ADMIN_MESSAGES.lastAdmin });
    expect((await usersRepo.findById(t.db.kysely, id.root!))).toMatchObject({ role: 'admin', state: 'active' });
    await usersRepo.update(t.db.kysely, id.root2!, { role: 'admin' });
  });

  it('writes one audit row per action, newest first, with who, what, when and why', async () => {
    const res = await call('GET', '/api/admin/audit?limit=50', 'mod');
    const rows = res.json() as AuditEntry[];
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    expect(rows.map((r) => `${r.actor?.username} ${r.action} ${r.targetLabel}`)).toEqual([
      'root user.role bob',
      'root user.role bob',
      'root user.unsuspend mod2',
      'root user.suspend mod2',
      'mod user.unsuspend ann',
      'mod user.suspend ann',
    ]);
    expect(rows[1]).toEqual({
      id: expect.any(Number),
      actor: { username: 'root' },
      action: 'user.role',
      targetType: 'user',
      targetId: id.bob,
      targetLabel: 'bob',
      reason: 'user → moderator',
      createdAt: expect.any(Number),
    });
    expect(rows[5]).toMatchObject({ targetType: 'user', targetId: id.ann, reason: 'Spam in reviews' });
    const page2 = await call('GET', '/api/admin/audit?limit=4&page=2', 'mod');
    expect((page2.json() as AuditEntry[]).map((r) => r.id)).toEqual(rows.slice(4).map((r) => r.id));
    expect(((await call('GET', '/api/admin/overview', 'mod')).json().audit as AuditEntry[]).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });
});
