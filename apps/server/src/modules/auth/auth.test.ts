import argon2 from 'argon2';
import { LOGIN_SLOWDOWN_AFTER } from './auth.service.js';
import { hashIsOutdated } from './passwords.js';
import { usersRepo } from '../users/users.repo.js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { linkIn, type ReceivedMail } from '../../test/smtp-sink.js';
import { PASSWORD, bearer, claimsOf, createUser, loginToken } from '../../test/users.js';

const post = (t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe.each(dbKinds)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { smtp: true });
  });
  afterAll(() => t.close());

  describe('availability checks', () => {
    it('answer a bare boolean, true when free, case-insensitively', async () => {
      await createUser(t.db.kysely, { username: 'Taken_Name', email: 'Taken@Example.com' });
      expect((await post(t, '/api/auth/isusernamefree', { username: 'taken_name' })).body).toBe('false');
      expect((await post(t, '/api/auth/isusernamefree', { username: 'free_name' })).body).toBe('true');
      expect((await post(t, '/api/auth/isemailfree', { email: 'TAKEN@example.COM' })).body).toBe('false');
      expect((await post(t, '/api/auth/isemailfree', { email: 'new@example.com' })).json()).toBe(true);
    });

    it('answer false (not free) for a malformed request', async () => {
      expect((await post(t, '/api/auth/isemailfree', {})).json()).toBe(false);
    });
  });

  describe('registration, activation and login', () => {
    const alice = { email: 'alice@example.com', username: 'Alice_01', password: 'Secret123', password2: 'Secret123' };
    let freshActivation: ReceivedMail | undefined;

    it('registers a pending account and mails an activation link', async () => {
      const res = await post(t, '/api/auth/register', alice);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Activation email sent' });
      const mail = await t.smtp!.waitFor('alice@example.com', /Activate/);
      expect(linkIn(mail, '/auth/activation/')).toMatch(/^https:\/\/vgl\.test\/auth\/activation\/[\w-]{40,}$/);
      expect(mail.html).toContain('/auth/activation/');
    });

    it('refuses a taken e-mail and username, case-insensitively, with the SPEC messages', async () => {
      const res = await post(t, '/api/auth/register', { ...alice, email: 'ALICE@example.com', username: 'alice_01' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: 'This email is already in use', username: 'This username is already in use' });
    });

    it('answers a pending account\'s login with 201 and a fresh activation mail, without a token', async () => {
      const before = t.smtp!.mails.length;
      const res = await post(t, '/api/auth/login', { identifier: 'alice_01', password: 'Secret123' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Activation email sent' });
      freshActivation = await t.smtp!.waitFor('alice@example.com', /Activate/, { after: before });
    });

    it('activates through the newest mailed link, once', async () => {
      const link = linkIn(freshActivation!, '/auth/activation/');
      const token = link.split('/').pop()!;
      const res = await post(t, '/api/auth/activation', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your account is active. You can log in now.' });
      const again = await post(t, '/api/auth/activation', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'invalid_token', message: 'This link is invalid or has expired.' });
    });

    it('logs in by username or e-mail, any case, with a 30-day token carrying the SPEC claims', async () => {
      for (const identifier of ['Alice_01', 'alice_01', 'ALICE@example.com']) {
        const res = await post(t, '/api/auth/login', { identifier, password: 'Secret123' });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('Login successful');
        const claims = claimsOf(res.json().token);
        expect(claims).toMatchObject({ username: 'Alice_01', avatar: null, isSuspended: false, role: 'user', sub: expect.any(String) });
        expect((claims.exp as number) - (claims.iat as number)).toBe(30 * 24 * 3600);
      }
    });

    it('makes a hash of former settings again at sign-in, and the password keeps working', async () => {
      // The baseline settings VGL hashed with before (19 MiB, 2 passes).
      const former = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
      const user = await createUser(t.db.kysely, { password_hash: former });
      expect((await post(t, '/api/auth/login', { identifier: user.username, password: PASSWORD })).statusCode).toBe(200);
      const stored = (await usersRepo.findById(t.db.kysely, user.id))!.password_hash;
      expect(stored).not.toBe(former);
      expect(stored).toContain('m=47104,t=1,p=1');
      expect(hashIsOutdated(stored)).toBe(false);
      expect((await post(t, '/api/auth/login', { identifier: user.username, password: PASSWORD })).statusCode).toBe(200);
      // A wrong password changes nothing.
      await post(t, '/api/auth/login', { identifier: user.username, password: 'Wrong1234' });
      expect((await usersRepo.findById(t.db.kysely, user.id))!.password_hash).toBe(stored);
    });

    it('answers bad credentials with 401 and the same message for unknown accounts', async () => {
      const wrong = await post(t, '/api/auth/login', { identifier: 'alice_01', password: 'Wrong1234' });
      const unknown = await post(t, '/api/auth/login', { identifier: 'nobody_here', password: 'Wrong1234' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Login failed. Please check your credentials.');
      expect(unknown.json().message).toBe(wrong.json().message);
    });

    it('validates the login body with the SPEC messages', async () => {
      const res = await post(t, '/api/auth/login', { identifier: '', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ identifier: 'Enter your email or username', password: 'Enter your password' });
    });

    it('stops a client after 10 failed logins on one account, but not the owner signing in from elsewhere', async () => {
      const user = await createUser(t.db.kysely);
      const from = (remoteAddress: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: user.username, password }, remoteAddress });
      for (let i = 0; i < 10; i += 1) expect((await from('203.0.113.9', 'Nope12345')).statusCode).toBe(401);
      const blocked = await from('203.0.113.9', PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Too many login attempts for this account. Please wait 15 minutes and try again.');
      expect((await from('198.51.100.7', PASSWORD)).statusCode).toBe(200);
    });

    it('slows, but never refuses, the owner when guesses come from many addresses', async () => {
      const user = await createUser(t.db.kysely);
      const from = (remoteAddress: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: user.username, password }, remoteAddress });
      for (let i = 0; i < LOGIN_SLOWDOWN_AFTER; i += 1) expect((await from(`10.9.${i >> 8}.${i & 255}`, 'Nope12345')).statusCode).toBe(401);
      const owner = await from('192.0.2.44', PASSWORD);
      expect(owner.statusCode).toBe(200);
    }, 60_000);
  });

  describe('server-side registration rules (SPEC §5, §8)', () => {
    const base = { email: 'rules@example.com', username: 'rules_ok', password: 'Secret123', password2: 'Secret123' };
    it.each([
      [{ email: '' }, 'email', 'Enter your email'],
      [{ email: 'a@b.c' }, 'email', 'Email must have at least 6 characters'],
      [{ email: `${'a'.repeat(30)}@example.com` }, 'email', 'Email must have less than 32 characters'],
      [{ email: 'not-an-email' }, 'email', 'Entered value does not match email format'],
      [{ username: '' }, 'username', 'Enter your username'],
      [{ username: 'abc' }, 'username', 'Username must have at least 4 characters'],
      [{ username: 'a'.repeat(17) }, 'username', 'Username must have less than 16 characters'],
      [{ username: '_bad' }, 'username', 'Username must start with a letter or number and can contain only latin letters, numbers, underscores, and it must be 4-16 characters long'],
      [{ username: 'theAdmin' }, 'username', 'Username contains forbidden words'],
      [{ password: '', password2: '' }, 'password', 'Enter your password'],
      [{ password: 'Ab1', password2: 'Ab1' }, 'password', 'Password must have at least 8 characters'],
      [{ password: `Ab1${'c'.repeat(30)}`, password2: `Ab1${'c'.repeat(30)}` }, 'password', 'Password must have no more than 32 characters'],
      [{ password: 'lowercase1', password2: 'lowercase1' }, 'password', 'Password must contain at least one digit, one lowercase letter, one uppercase letter, no spaces, and it must be 8-32 characters long'],
      [{ password2: '' }, 'password2', 'Repeat your password'],
      [{ password2: 'Secret124' }, 'password2', 'The passwords do not match'],
    ])('%o → %s: %s', async (overrides, field, message) => {
      const res = await post(t, '/api/auth/register', { ...base, ...overrides });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it('answers a missing body with 400, not 500', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('tokens', () => {
    it('refreshes a valid token into a new one', async () => {
      const user = await createUser(t.db.kysely);
      const token = await loginToken(t.app, user.username);
      const res = await post(t, '/api/auth/refresh', { authToken: token });
      expect(res.statusCode).toBe(200);
      expect(claimsOf(res.json().token).username).toBe(user.username);
    });

    it('refuses to refresh a forged or garbage token', async () => {
      const user = await createUser(t.db.kysely);
      const token = await loginToken(t.app, user.username);
      const [h, p] = token.split('.');
      expect((await post(t, '/api/auth/refresh', { authToken: `${h}.${p}.forgedsignature` })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/refresh', { authToken: 'garbage-token-value' })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/refresh', { authToken: 'x' })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/refresh', {})).statusCode).toBe(400);
    });

    it('answers every malformed token with 401 and the session message, never 400', async () => {
      for (const authToken of ['', ' ', 'a.b.c', '..', 'e30.e30.', 'Bearer abc', 'é.é.é', 'x'.repeat(5_000), `${'a'.repeat(3_000)}.${'b'.repeat(3_000)}.c`]) {
        const res = await post(t, '/api/auth/refresh', { authToken });
        expect({ token: authToken.slice(0, 20), status: res.statusCode }).toEqual({ token: authToken.slice(0, 20), status: 401 });
        expect(res.json()).toMatchObject({ error: 'unauthorized' });
      }
    });

    it('protects the nav calls: 401 without a token, avatar and unread with one', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/profile/avatar/' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/activity/isunread' })).statusCode).toBe(401);
      const user = await createUser(t.db.kysely, { avatar: 'abc.webp' });
      const headers = bearer(await loginToken(t.app, user.username));
      expect((await t.app.inject({ method: 'GET', url: '/api/profile/avatar/', headers })).json()).toEqual({ avatar: 'abc.webp', isSuspended: false });
      expect((await t.app.inject({ method: 'GET', url: '/api/activity/isunread', headers })).json()).toEqual({ unread: false });
    });

    it('ends one session with log out, and every session with log out everywhere', async () => {
      const user = await createUser(t.db.kysely);
      const [laptop, phone, tablet] = await Promise.all([loginToken(t.app, user.username), loginToken(t.app, user.username), loginToken(t.app, user.username)]);
      const avatar = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile/avatar/', headers: bearer(token) });
      expect((await post(t, '/api/auth/logout', {}, bearer(laptop))).statusCode).toBe(204);
      expect((await avatar(laptop)).statusCode).toBe(401);
      expect((await post(t, '/api/auth/refresh', { authToken: laptop })).statusCode).toBe(401);
      expect((await avatar(phone)).statusCode).toBe(200);

      expect((await post(t, '/api/auth/logout', { everywhere: true }, bearer(phone))).statusCode).toBe(204);
      expect((await avatar(phone)).statusCode).toBe(401);
      expect((await avatar(tablet)).statusCode).toBe(401);
      expect((await avatar(await loginToken(t.app, user.username))).statusCode).toBe(200);
    });

    it('refuses a token without an expiry, even when signed with our secret', async () => {
      const user = await createUser(t.db.kysely);
      const forever = await new SignJWT({ username: user.username, ver: user.token_version, role: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .sign(new TextEncoder().encode(t.config.jwtSecret!));
      expect((await t.app.inject({ method: 'GET', url: '/api/profile/avatar/', headers: bearer(forever) })).statusCode).toBe(401);
    });

    it('marks a suspended user in the token', async () => {
      const user = await createUser(t.db.kysely, { state: 'suspended' });
      expect(claimsOf(await loginToken(t.app, user.username)).isSuspended).toBe(true);
    });
  });

  describe('password reset', () => {
    it('answers the same way for unknown and known addresses', async () => {
      const user = await createUser(t.db.kysely);
      const unknown = await post(t, '/api/auth/password/reset', { email: 'ghost@example.com' });
      const known = await post(t, '/api/auth/password/reset', { email: user.email });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
    });

    it('sets a new password through the mailed link and revokes old passwords and tokens', async () => {
      const user = await createUser(t.db.kysely);
      const oldToken = await loginToken(t.app, user.username);
      const before = t.smtp!.mails.length;
      await post(t, '/api/auth/password/reset', { email: user.email.toUpperCase() });
      const token = linkIn(await t.smtp!.waitFor(user.email, /Reset/, { after: before }), '/auth/password/new/').split('/').pop()!;

      const weak = await post(t, '/api/auth/password/new', { token, password: 'weak', password2: 'weak' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors.password).toBe('Password must have at least 8 characters');

      const res = await post(t, '/api/auth/password/new', { token, password: 'BrandNew99', password2: 'BrandNew99' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your password has been changed. You can log in now.' });

      expect((await post(t, '/api/auth/login', { identifier: user.username, password: PASSWORD })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/login', { identifier: user.username, password: 'BrandNew99' })).statusCode).toBe(200);
      expect((await post(t, '/api/auth/refresh', { authToken: oldToken })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/profile/avatar/', headers: bearer(oldToken) })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/password/new', { token, password: 'Another99', password2: 'Another99' })).statusCode).toBe(400);
    });
  });

  describe('username and e-mail changes', () => {
    it('changes the username and answers a token carrying it', async () => {
      const user = await createUser(t.db.kysely);
      const headers = bearer(await loginToken(t.app, user.username));
      const res = await post(t, '/api/auth/username', { username: 'Renamed_1' }, headers);
      expect(res.statusCode).toBe(200);
      expect(claimsOf(res.json().token).username).toBe('Renamed_1');
      expect((await post(t, '/api/auth/isusernamefree', { username: 'renamed_1' })).json()).toBe(false);
    });

    it('refuses a taken or invalid username, and callers without a token', async () => {
      const other = await createUser(t.db.kysely);
      const user = await createUser(t.db.kysely);
      const headers = bearer(await loginToken(t.app, user.username));
      const taken = await post(t, '/api/auth/username', { username: other.username.toUpperCase() }, headers);
      expect(taken.json().errors).toEqual({ username: 'This username is already in use' });
      const bad = await post(t, '/api/auth/username', { username: 'ab' }, headers);
      expect(bad.json().errors).toEqual({ username: 'Username must have at least 4 characters' });
      expect((await post(t, '/api/auth/username', { username: 'Whatever1' })).statusCode).toBe(401);
    });

    it('lets a user change only the case of their own username', async () => {
      const user = await createUser(t.db.kysely, { username: 'casey_one' });
      const headers = bearer(await loginToken(t.app, user.username));
      expect((await post(t, '/api/auth/username', { username: 'Casey_One' }, headers)).statusCode).toBe(200);
    });

    it('confirms a new e-mail address through the mailed link', async () => {
      const user = await createUser(t.db.kysely);
      const headers = bearer(await loginToken(t.app, user.username));
      const wrong = await post(t, '/api/auth/email', { email: 'moved@example.com', password: 'Wrong1234' }, headers);
      expect(wrong.json().errors).toEqual({ password: 'Your password is not correct.' });
      expect((await post(t, '/api/auth/email', { email: 'moved@example.com', password: PASSWORD }, headers)).statusCode).toBe(200);
      const token = linkIn(await t.smtp!.waitFor('moved@example.com', /Confirm/), '/auth/verification/').split('/').pop()!;
      expect((await post(t, '/api/auth/verification', { token })).json()).toEqual({ message: 'Your new e-mail address is confirmed.' });
      expect((await post(t, '/api/auth/login', { identifier: 'moved@example.com', password: PASSWORD })).statusCode).toBe(200);
    });
  });
});

describe('per-IP rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { rateLimits: true });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear message once an address sends too many resets', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post(t, '/api/auth/password/reset', { email: 'x@example.com' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    const res = await post(t, '/api/auth/password/reset', { email: 'x@example.com' });
    expect(res.json()).toMatchObject({ error: 'rate_limited', message: 'Too many requests. Please slow down and try again in a moment.' });
  });
});
