import { REGISTRATION_MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, openAnotherApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { linkIn } from '../../test/smtp-sink.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { SETTINGS_TTL_MS } from './registration.settings.js';

const signUp = (username: string, invite?: string) => ({
  email: `${username.toLowerCase()}@example.com`,
  username,
  password: 'Secret123',
  password2: 'Secret123',
  ...(invite === undefined ? {} : { invite }),
});

describe('REGISTRATION', () => {
  it('is open unless set, and a bad value names the variable', () => {
    expect(loadConfig({}).registration).toBe('open');
    expect(loadConfig({ REGISTRATION: 'Approval' }).registration).toBe('approval');
    expect(() => loadConfig({ REGISTRATION: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ REGISTRATION: 'sometimes' })).toThrow(/REGISTRATION must be open, approval/);
  });
});

// The instance starts in approval mode from the environment, as an operator would set it.
describe.each(dbKinds)('who may join on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(tokens[who]!) : {} });
  const setMode = async (mode: string, memberInvites = false) => {
    const res = await call('PUT', '/api/admin/registration', 'admin', { mode, memberInvites });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { smtp: true, env: { REGISTRATION: 'approval', PUBLIC_URL: 'https://vgl.test' } });
    await createUser(t.db.kysely, { username: 'admin', role: 'admin' });
    await createUser(t.db.kysely, { username: 'mod', role: 'moderator' });
    await createUser(t.db.kysely, { username: 'member' });
    for (const who of ['admin', 'mod', 'member']) tokens[who] = await loginToken(t.app, who);
  });
  afterAll(() => t.close());

  describe('approval', () => {
    it('tells everyone the mode the environment set', async () => {
      expect((await call('GET', '/api/registration')).json()).toEqual({ mode: 'approval', memberInvites: false });
    });

    it('keeps a new account waiting for a moderator, who approves it; the activation mail then lets it in', async () => {
      const res = await call('POST', '/api/auth/register', undefined, signUp('Waiting_One'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: REGISTRATION_MESSAGES.requested });

      // Waiting: signing in says why and gives no token; a reset link is not sent either.
      const login = await call('POST', '/api/auth/login', undefined, { identifier: 'waiting_one', password: 'Secret123' });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toBe(REGISTRATION_MESSAGES.waiting);
      expect(login.json().token).toBeUndefined();

      const queue = await call('GET', '/api/admin/registrations', 'mod');
      expect(queue.statusCode).toBe(200);
      const waiting = queue.json().find((r: { username: string }) => r.username === 'Waiting_One');
      expect(waiting).toMatchObject({ email: 'waiting_one@example.com' });
      expect(t.smtp!.mails.some((m) => m.to.includes('waiting_one@example.com'))).toBe(false);

      expect((await call('POST', `/api/admin/registrations/${waiting.id}/approve`, 'mod')).statusCode).toBe(204);
      // Decided once: the second moderator hears so.
      expect((await call('POST', `/api/admin/registrations/${waiting.id}/approve`, 'admin')).statusCode).toBe(409);
      expect((await call('GET', '/api/admin/registrations', 'mod')).json()).toEqual([]);

      const mail = await t.smtp!.waitFor('waiting_one@example.com', /approved/);
      const token = linkIn(mail, '/auth/activation/').split('/').pop()!;
      expect((await call('POST', '/api/auth/activation', undefined, { token })).statusCode).toBe(200);
      expect(await loginToken(t.app, 'Waiting_One')).toMatch(/\./);

      const audit = (await call('GET', '/api/admin/audit?limit=50', 'mod')).json();
      expect(audit.some((a: { action: string; targetLabel: string; actor: { username: string } }) => a.action === 'user.approve' && a.targetLabel === 'Waiting_One' && a.actor.username === 'mod')).toBe(true);
    });

    it('lets a moderator decline with a reason: the account is removed and the person told why', async () => {
      await call('POST', '/api/auth/register', undefined, signUp('Spammy_One'));
      const waiting = (await call('GET', '/api/admin/registrations', 'mod')).json().find((r: { username: string }) => r.username === 'Spammy_One');
      expect((await call('POST', `/api/admin/registrations/${waiting.id}/decline`, 'mod', { reason: '' })).statusCode).toBe(400);
      expect((await call('POST', `/api/admin/registrations/${waiting.id}/decline`, 'mod', { reason: 'Looks like a bot' })).statusCode).toBe(204);
      const mail = await t.smtp!.waitFor('spammy_one@example.com', /declined/);
      expect(mail.text).toContain('Looks like a bot');
      const login = await call('POST', '/api/auth/login', undefined, { identifier: 'Spammy_One', password: 'Secret123' });
      expect(login.statusCode).toBe(401);
      // The name is free again.
      expect((await call('POST', '/api/auth/isusernamefree', undefined, { username: 'Spammy_One' })).json()).toBe(true);
      expect((await call('POST', `/api/admin/registrations/${waiting.id}/decline`, 'mod', { reason: 'Again' })).statusCode).toBe(404);
    });

    it('keeps the queue and the mode to staff and admins', async () => {
      expect((await call('GET', '/api/admin/registrations', 'member')).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/registrations')).statusCode).toBe(401);
      expect((await call('PUT', '/api/admin/registration', 'mod', { mode: 'open', memberInvites: false })).statusCode).toBe(403);
      const bad = await call('PUT', '/api/admin/registration', 'admin', { mode: 'sometimes', memberInvites: false });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['mode']);
    });
  });

  describe('closed', () => {
    beforeAll(() => setMode('closed'));

    it('refuses every sign-up with a clear 403, and signing in still works', async () => {
      expect((await call('GET', '/api/registration')).json().mode).toBe('closed');
      const res = await call('POST', '/api/auth/register', undefined, signUp('Late_One'));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REGISTRATION_MESSAGES.closed);
      expect(await loginToken(t.app, 'member')).toMatch(/\./);
    });

    it('is audited with the change made', async () => {
      const audit = (await call('GET', '/api/admin/audit?limit=50', 'admin')).json();
      expect(audit[0]).toMatchObject({ action: 'registration.mode', targetType: 'signup', reason: 'approval → closed; member invites off' });
    });
  });

  describe('invite', () => {
    let code = '';
    beforeAll(() => setMode('invite'));

    it('lets only admins invite until member invites are on', async () => {
      const refused = await call('POST', '/api/invites', 'member', { maxUses: 1, expiresInDays: 7 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(REGISTRATION_MESSAGES.memberInvitesOff);
      await setMode('invite', true);
      const made = await call('POST', '/api/invites', 'member', { maxUses: 1, expiresInDays: 7 });
      expect(made.statusCode).toBe(201);
      expect(made.json()).toMatchObject({ maxUses: 1, uses: 0, usesLeft: 1, status: 'usable' });
      const bad = await call('POST', '/api/invites', 'member', { maxUses: 0, expiresInDays: 9999 });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['expiresInDays', 'maxUses']);
    });

    it('signs up with a usable code only, with a clear error on the invite field otherwise', async () => {
      const invite = await call('POST', '/api/invites', 'admin', { maxUses: 2, expiresInDays: 30 });
      code = invite.json().code;
      const none = await call('POST', '/api/auth/register', undefined, signUp('Guest_One'));
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toEqual({ invite: REGISTRATION_MESSAGES.inviteRequired });
      const unknown = await call('POST', '/api/auth/register', undefined, signUp('Guest_One', 'not-a-code'));
      expect(unknown.json().errors).toEqual({ invite: REGISTRATION_MESSAGES.inviteInvalid });

      const ok = await call('POST', '/api/auth/register', undefined, signUp('Guest_One', code));
      expect(ok.statusCode).toBe(201);
      await t.smtp!.waitFor('guest_one@example.com', /Activate/);
      // A sign-up refused for a taken name does not spend a use.
      const taken = await call('POST', '/api/auth/register', undefined, { ...signUp('Guest_One', code), email: 'other@example.com' });
      expect(Object.keys(taken.json().errors)).toEqual(['username']);
      const mine = (await call('GET', '/api/invites', 'admin')).json();
      expect(mine[0]).toMatchObject({ code, uses: 1, usesLeft: 1, status: 'usable' });

      expect((await call('POST', '/api/auth/register', undefined, signUp('Guest_Two', code))).statusCode).toBe(201);
      const usedUp = await call('POST', '/api/auth/register', undefined, signUp('Guest_Three', code));
      expect(usedUp.json().errors).toEqual({ invite: REGISTRATION_MESSAGES.inviteUsedUp });
    });

    it('refuses an expired or revoked code', async () => {
      const expiring = (await call('POST', '/api/invites', 'admin', { maxUses: 5, expiresInDays: 1 })).json();
      await t.db.kysely.updateTable('invites').set({ expires_at: Date.now() - 1 }).where('id', '=', expiring.id).execute();
      const expired = await call('POST', '/api/auth/register', undefined, signUp('Guest_Four', expiring.code));
      expect(expired.json().errors).toEqual({ invite: REGISTRATION_MESSAGES.inviteExpired });

      const revoking = (await call('POST', '/api/invites', 'member', { maxUses: 5, expiresInDays: 1 })).json();
      // Not the admin's to… it is: admins revoke anyone's; other members get the 404 of none.
      expect((await call('DELETE', `/api/invites/${revoking.id}`, 'mod')).statusCode).toBe(404);
      expect((await call('DELETE', `/api/invites/${revoking.id}`, 'member')).statusCode).toBe(204);
      const revoked = await call('POST', '/api/auth/register', undefined, signUp('Guest_Five', revoking.code));
      expect(revoked.json().errors).toEqual({ invite: REGISTRATION_MESSAGES.inviteInvalid });
      const all = (await call('GET', '/api/admin/invites', 'admin')).json();
      expect(all.find((i: { id: number }) => i.id === revoking.id)).toMatchObject({ status: 'revoked', usesLeft: 0, createdBy: { username: 'member' } });
      expect((await call('GET', '/api/admin/invites', 'member')).statusCode).toBe(403);
    });

    it('gives the last use to exactly one of many sign-ups at once', async () => {
      const last = (await call('POST', '/api/invites', 'admin', { maxUses: 1, expiresInDays: 1 })).json();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call('POST', '/api/auth/register', undefined, signUp(`Racer_${i}`, last.code))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
      for (const r of results.filter((r) => r.statusCode === 400)) expect(r.json().errors).toEqual({ invite: REGISTRATION_MESSAGES.inviteUsedUp });
      const racers = await t.db.kysely.selectFrom('users').select('username').where('username_key', 'like', 'racer_%').execute();
      expect(racers).toHaveLength(1);
      const row = await t.db.kysely.selectFrom('invites').select('uses').where('id', '=', last.id).executeTakeFirstOrThrow();
      expect(Number(row.uses)).toBe(1);
    });
  });

  describe('open', () => {
    beforeAll(() => setMode('open'));

    it('is what another instance on the same database answers within 2 seconds, whatever its REGISTRATION', async () => {
      const other = await openAnotherApp(t, { env: { REGISTRATION: 'closed' } });
      try {
        const modeThere = async () => (await other.app.inject({ method: 'GET', url: '/api/registration' })).json().mode;
        expect(await modeThere()).toBe('open');
        await setMode('approval');
        // The other instance kept what it read for at most SETTINGS_TTL_MS.
        await new Promise((resolve) => setTimeout(resolve, SETTINGS_TTL_MS + 100));
        expect(await modeThere()).toBe('approval');
        const res = await other.app.inject({ method: 'POST', url: '/api/auth/register', payload: signUp('Elsewhere_1') });
        expect(res.json()).toEqual({ message: REGISTRATION_MESSAGES.requested });
      } finally {
        await other.close();
        await setMode('open');
      }
    });

    it('signs up as SPEC says, needing no code', async () => {
      const res = await call('POST', '/api/auth/register', undefined, signUp('Open_One'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Activation email sent' });
    });
  });
});
