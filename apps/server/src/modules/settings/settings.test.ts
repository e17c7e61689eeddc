import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { PASSWORD, bearer, claimsOf, createUser, loginToken } from '../../test/users.js';
import { usersRepo } from '../users/users.repo.js';

const GAMES = [
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win'] },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win'] },
  { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
  { name: 'Outer Wilds', slug: 'outer-wilds', year: 2019, platforms: ['win'] },
];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(dbKinds)('settings on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    for (const username of ['ann', 'bob', 'cat']) {
      await createUser(t.db.kysely, { username });
      token[username] = await loginToken(t.app, username);
    }
  });
  afterAll(() => t.close());

  /** `who` is a username with a token, or a raw token. */
  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who] ?? who) : {}, ...(payload ? { payload } : {}) });
  const settings = async (who: string) => (await call('GET', '/api/profile', who)).json();
  const addToLibrary = (who: string, slug: string, entry: object = { status: 2 }) => call('PUT', `/api/users/${who}/library/${slug}`, who, entry);

  it('answers 401 to visitors on every settings call', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile'],
      ['DELETE', '/api/profile'],
      ['PUT', '/api/profile/favourites'],
      ['GET', '/api/profile/suspension'],
      ['POST', '/api/auth/password'],
    ] as const) {
      const res = await call(method, url, undefined, {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('profile', () => {
    it('shows the signed-in user their own settings, never someone else\'s', async () => {
      expect(await settings('ann')).toEqual({ username: 'ann', email: 'ann@example.com', bio: null, avatar: null, favourites: [] });
      expect((await settings('bob')).username).toBe('bob');
    });

    it('saves a trimmed bio, empty as none, and refuses one over 500 characters', async () => {
      const saved = await call('PUT', '/api/profile', 'ann', { bio: '  Platformer fan.\n> Strawberries!  ' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().bio).toBe('Platformer fan.\n> Strawberries!');
      expect((await call('GET', '/api/users/ann')).json().bio).toBe('Platformer fan.\n> Strawberries!');
      expect((await settings('bob')).bio).toBeNull();

      const long = await call('PUT', '/api/profile', 'ann', { bio: 'x'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual({ bio: 'Bio must have at most 500 characters' });
      expect((await call('PUT', '/api/profile', 'ann', { bio: 'x'.repeat(500) })).statusCode).toBe(200);

      expect((await call('PUT', '/api/profile', 'ann', { bio: '   ' })).json().bio).toBeNull();
    });
  });

  describe('favourite games', () => {
    beforeAll(async () => {
      for (const slug of ['celeste', 'hades', 'tetris']) await addToLibrary('ann', slug, { status: 2, favourite: slug === 'tetris' });
    });
    const favourites = async (who: string) => (await settings(who)).favourites.map((g: { slug: string }) => g.slug);

    it('become exactly the games sent, in that order, on the settings and the profile', async () => {
      const res = await call('PUT', '/api/profile/favourites', 'ann', { games: ['hades', 'celeste'] });
      expect(res.statusCode).toBe(200);
      expect(res.json().favourites.map((g: { slug: string }) => g.slug)).toEqual(['hades', 'celeste']);
      expect(res.json().favourites[0]).toMatchObject({ name: 'Hades', slug: 'hades', release_year: 2020 });
      expect((await call('GET', '/api/users/ann')).json().favourites.map((g: { slug: string }) => g.slug)).toEqual(['hades', 'celeste']);
      expect((await call('GET', '/api/users/ann/library/tetris', 'ann')).json().favourite).toBe(false);

      await call('PUT', '/api/profile/favourites', 'ann', { games: ['celeste', 'tetris', 'hades'] });
      expect(await favourites('ann')).toEqual(['celeste', 'tetris', 'hades']);
      await call('PUT', '/api/profile/favourites', 'ann', { games: [] });
      expect(await favourites('ann')).toEqual([]);
    });

    it('refuses games outside the library, unknown games, repeats and more than 5, changing nothing', async () => {
      await call('PUT', '/api/profile/favourites', 'ann', { games: ['tetris'] });
      const cases: [unknown, string][] = [
        [{ games: ['celeste', 'outer-wilds'] }, 'Outer Wilds is not in your library. Add it first.'],
        [{ games: ['no-such-game'] }, 'There is no game "no-such-game".'],
        [{ games: ['hades', 'Hades'] }, 'Each game can be a favourite only once.'],
        [{ games: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'You can have up to 5 favourite games.'],
        [{ games: 'hades' }, 'Favourites must be a list of game slugs'],
      ];
      for (const [body, message] of cases) {
        const res = await call('PUT', '/api/profile/favourites', 'ann', body as object);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors.games).toBe(message);
      }
      expect(await favourites('ann')).toEqual(['tetris']);
    });

    it('only ever touch the signed-in user\'s own library', async () => {
      await addToLibrary('bob', 'hades', { status: 1, favourite: true });
      const res = await call('PUT', '/api/profile/favourites', 'bob', { games: ['tetris'] });
      expect(res.json().errors.games).toBe('Tetris is not in your library. Add it first.');
      await call('PUT', '/api/profile/favourites', 'bob', { games: [] });
      expect(await favourites('ann')).toEqual(['tetris']);
      expect(await favourites('bob')).toEqual([]);
    });
  });

  describe('password change', () => {
    it('checks the current password and the registration rules', async () => {
      const wrong = await call('POST', '/api/auth/password', 'cat', { currentPassword: 'Wrong1234', password: 'NewSecret9', password2: 'NewSecret9' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ currentPassword: 'Your password is not correct.' });
      const rules = await call('POST', '/api/auth/password', 'cat', { currentPassword: '', password: 'short', password2: 'other' });
      expect(rules.json().errors).toMatchObject({ currentPassword: 'Enter your password', password: 'Password must have at least 8 characters' });
      const mismatch = await call('POST', '/api/auth/password', 'cat', { currentPassword: PASSWORD, password: 'NewSecret9', password2: 'NewSecret8' });
      expect(mismatch.json().errors).toEqual({ password2: 'The passwords do not match' });
      const weak = await call('POST', '/api/auth/password', 'cat', { currentPassword: PASSWORD, password: 'nouppercase1', password2: 'nouppercase1' });
      expect(weak.json().errors.password).toBe(
        'Password must contain at least one digit, one lowercase letter, one uppercase letter, no spaces, and it must be 8-32 characters long',
      );
    });

    it('revokes every other session and answers a fresh token for this one', async () => {
      const otherSession = await loginToken(t.app, 'cat');
      const res = await call('POST', '/api/auth/password', 'cat', { currentPassword: PASSWORD, password: 'NewSecret9', password2: 'NewSecret9' });
      expect(res.statusCode).toBe(200);
      const fresh = res.json().token as string;
      expect(claimsOf(fresh).username).toBe('cat');
      for (const old of [token.cat!, otherSession]) expect((await call('GET', '/api/profile', old)).statusCode).toBe(401);
      expect((await call('POST', '/api/auth/refresh', undefined, { authToken: otherSession })).statusCode).toBe(401);
      expect((await call('GET', '/api/profile', fresh)).statusCode).toBe(200);
      expect((await call('POST', '/api/auth/login', undefined, { identifier: 'cat', password: PASSWORD })).statusCode).toBe(401);
      token.cat = await loginToken(t.app, 'cat', 'NewSecret9');
    });
  });

  describe('suspension', () => {
    let dan: string;
    beforeAll(async () => {
      const user = await createUser(t.db.kysely, { username: 'dan' });
      await addToLibrary('ann', 'outer-wilds', { status: 2, review: 'Go to space.' });
      dan = await loginToken(t.app, 'dan');
      await usersRepo.update(t.db.kysely, user.id, { state: 'suspended', suspended_reason: 'Spam in comments.', suspended_at: 1_700_000_000_000 });
    });

    it('tells an active user they are not suspended', async () => {
      expect((await call('GET', '/api/profile/suspension', 'ann')).json()).toEqual({ suspended: false, reason: null, suspendedAt: null });
    });

    it('lets a suspended user read their suspension, settings and nav, and notice it through the avatar call', async () => {
      expect((await call('GET', '/api/profile/suspension', dan)).json()).toEqual({ suspended: true, reason: 'Spam in comments.', suspendedAt: 1_700_000_000_000 });
      expect((await call('GET', '/api/profile', dan)).statusCode).toBe(200);
      expect((await call('GET', '/api/profile/avatar/', dan)).json()).toEqual({ avatar: null, isSuspended: true });
      expect(claimsOf(dan).isSuspended).toBe(false);
    });

    it('refreshes the token of a suspended user into one that says so', async () => {
      const res = await call('POST', '/api/auth/refresh', undefined, { authToken: dan });
      expect(res.statusCode).toBe(200);
      expect(claimsOf(res.json().token).isSuspended).toBe(true);
    });

    it('answers 403 account_suspended to every write', async () => {
      const writes: [Method, string, object][] = [
        ['PUT', '/api/profile', { bio: 'hi' }],
        ['PUT', '/api/profile/favourites', { games: [] }],
        ['DELETE', '/api/profile', { password: PASSWORD }],
        ['DELETE', '/api/profile/avatar', {}],
        ['POST', '/api/profile/avatar', {}],
        ['POST', '/api/auth/password', { currentPassword: PASSWORD, password: 'NewSecret9', password2: 'NewSecret9' }],
        ['POST', '/api/auth/username', { username: 'dan_again' }],
        ['POST', '/api/auth/email', { email: 'dan2@example.com', password: PASSWORD }],
        ['PUT', '/api/users/dan/library/hades', { status: 1 }],
        ['POST', '/api/users/dan/diary', { game: 'hades', playedOn: '2024-03-01', minutes: 30 }],
        ['POST', '/api/users/ann/follow', {}],
        ['POST', '/api/like', { entityId: '1' }],
        ['POST', '/api/users/ann/reviews/outer-wilds/comments', { body: 'Hi' }],
        ['POST', '/api/notifications/read', {}],
      ];
      for (const [method, url, body] of writes) {
        const res = await call(method, url, dan, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'account_suspended', message: 'Your account is suspended.' });
      }
      expect((await settings(dan)).bio).toBeNull();
    });
  });

  describe('account deletion', () => {
    let eve: number;
    const counts = async () => ({
      review: (await call('GET', '/api/users/ann/reviews/outer-wilds')).json() as { likes: number; comments: number },
      bobComment: ((await call('GET', '/api/users/ann/reviews/outer-wilds/comments')).json() as { body: string; likes: number }[]).find((c) => c.body === 'Bob was here.'),
      ann: (await call('GET', '/api/users/ann')).json().counts as { followers: number; following: number },
      bob: (await call('GET', '/api/users/bob')).json().counts as { followers: number; following: number },
    });

    beforeAll(async () => {
      eve = (await createUser(t.db.kysely, { username: 'eve', avatar: null })).id;
      token.eve = await loginToken(t.app, 'eve');
      await addToLibrary('eve', 'celeste', { status: 2, rating: 8, review: 'Hard and kind.', startedOn: '2024-01-01', finishedOn: '2024-01-09', favourite: true });
      const review = (await call('GET', '/api/users/ann/reviews/outer-wilds')).json()._id as string;
      const comment = await call('POST', '/api/users/ann/reviews/outer-wilds/comments', 'bob', { body: 'Bob was here.' });
      await call('POST', '/api/like', 'eve', { entityId: review });
      await call('POST', '/api/like', 'eve', { entityId: `c${comment.json().id}` });
      await call('POST', '/api/users/ann/reviews/outer-wilds/comments', 'eve', { body: 'First!' });
      await call('POST', '/api/users/ann/reviews/outer-wilds/comments', 'eve', { body: 'Second!' });
      await call('POST', '/api/users/ann/follow', 'eve');
      await call('POST', '/api/users/eve/follow', 'bob');
      const eveReview = (await call('GET', '/api/users/eve/reviews/celeste')).json()._id as string;
      await call('POST', '/api/like', 'bob', { entityId: eveReview });
      await call('POST', '/api/users/eve/reviews/celeste/comments', 'ann', { body: 'Agreed.' });
      await call('POST', '/api/auth/password/reset', undefined, { email: 'eve@example.com' });
    });

    it('needs the password', async () => {
      const empty = await call('DELETE', '/api/profile', 'eve', { password: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({ password: 'Enter your password' });
      const wrong = await call('DELETE', '/api/profile', 'eve', { password: 'Wrong1234' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ password: 'Your password is not correct.' });
      expect((await call('GET', '/api/users/eve')).statusCode).toBe(200);
    });

    it('removes the account and everything it made, and corrects the counts on other people\'s reviews, comments and profiles', async () => {
      const file = path.join(t.config.dataDir, 'uploads', 'avatars', 'eve.webp');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'webp');
      await usersRepo.update(t.db.kysely, eve, { avatar: 'eve.webp' });
      const before = await counts();
      expect(before).toMatchObject({ review: { likes: 1, comments: 3 }, bobComment: { likes: 1 }, ann: { followers: 1 }, bob: { following: 1 } });

      const res = await call('DELETE', '/api/profile', 'eve', { password: PASSWORD });
      expect(res.statusCode).toBe(204);

      expect(await counts()).toMatchObject({ review: { likes: 0, comments: 1 }, bobComment: { likes: 0 }, ann: { followers: 0 }, bob: { following: 0 } });
      expect(fs.existsSync(file)).toBe(false);
      expect((await call('GET', '/api/users/eve')).statusCode).toBe(404);
      expect((await call('GET', '/api/profile', 'eve')).statusCode).toBe(401);
      expect((await call('POST', '/api/auth/login', undefined, { identifier: 'eve', password: PASSWORD })).statusCode).toBe(401);

      const k = t.db.kysely;
      const left = async (table: string, column: string) =>
        Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${eve}`.execute(k)).rows[0]!.n);
      for (const [table, column] of [
        ['users', 'id'], ['user_tokens', 'user_id'], ['library_entries', 'user_id'], ['diary_entries', 'user_id'], ['review_likes', 'user_id'],
        ['comments', 'user_id'], ['comment_likes', 'user_id'], ['follows', 'follower_id'], ['follows', 'followee_id'],
        ['activities', 'actor_id'], ['activities', 'target_user_id'], ['notifications', 'user_id'], ['notifications', 'actor_id'],
      ] as const) {
        expect(await left(table, column), `${table}.${column}`).toBe(0);
      }
      // Ann's comment on eve's review went with the review.
      expect(Number((await sql<{ n: number }>`select count(*) as n from comments where body = 'Agreed.'`.execute(k)).rows[0]!.n)).toBe(0);
    });

    it('leaves every kept count equal to the rows it counts', async () => {
      const k = t.db.kysely;
      const drift = await sql<{ id: number }>`
        select e.id from library_entries e
        where e.likes_count <> (select count(*) from review_likes l where l.entry_id = e.id)
           or e.comments_count <> (select count(*) from comments c where c.entry_id = e.id)
        union all
        select c.id from comments c where c.likes_count <> (select count(*) from comment_likes l where l.comment_id = c.id)
        union all
        select u.id from users u
        where u.followers_count <> (select count(*) from follows f where f.followee_id = u.id)
           or u.following_count <> (select count(*) from follows f where f.follower_id = u.id)`.execute(k);
      expect(drift.rows).toEqual([]);
    });

    it('keeps the only admin', async () => {
      await createUser(t.db.kysely, { username: 'root_admin', role: 'admin' });
      const res = await call('DELETE', '/api/profile', await loginToken(t.app, 'root_admin'), { password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('You are the only admin. Make someone else an admin before deleting your account.');
    });
  });
});
