import { ADMIN_MESSAGES, LIBRARY_LIMITS, MESSAGES, SETTINGS_MESSAGES, TOKEN_LIMITS } from '@vgl/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { seedGames } from '../test/catalog.js';
import { dbKinds } from '../test/databases.js';
import { PASSWORD, bearer, createUser, loginToken } from '../test/users.js';

/**
 * Every check-then-write path, fired many times at once (issue 15). On
 * PostgreSQL (READ COMMITTED) each request runs on its own pooled
 * connection, so these really interleave; SQLite serialises transactions,
 * and the same answers must come out of both.
 */

const TIMES = 10;
const GAMES = Array.from({ length: 12 }, (_, i) => ({ name: `Game ${i + 1}`, slug: `game-${i + 1}`, year: 2000 + i, platforms: ['win'] }));
const slugs = GAMES.map((g) => g.slug);
/** Two games whose review addresses can meet: a second review address for "doom" would be "doom-2". */
const NEIGHBOURS = [
  { name: 'Doom', slug: 'doom', year: 1993, platforms: ['win'] },
  { name: 'Doom 2', slug: 'doom-2', year: 1994, platforms: ['win'] },
];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe.each(dbKinds)('concurrent writes on %s', (kind) => {
  let t: TestApp;
  let seq = 0;

  const call = (method: Method, url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  /** A new active member (and their session token), so each case starts clean. */
  async function member(role: 'user' | 'moderator' | 'admin' = 'user') {
    seq += 1;
    const user = await createUser(t.db.kysely, { username: `racer${seq}`, role });
    return { user, name: user.username, token: await loginToken(t.app, user.username) };
  }

  const entriesOf = (userId: number) => t.db.kysely.selectFrom('library_entries').selectAll().where('user_id', '=', userId).execute();
  const favouritePositions = async (userId: number) =>
    (await entriesOf(userId))
      .map((e) => e.favourite_position)
      .filter((p): p is number => p !== null)
      .sort((a, b) => a - b);
  const gameId = async (slug: string) => (await t.db.kysely.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [...GAMES, ...NEIGHBOURS]);
  });
  afterAll(() => t.close());

  describe('library entries', () => {
    it('creates an entry once: one 201, the rest 200 with the same entry, one review slug, one "added"', async () => {
      const { user, name, token } = await member();
      const body = { status: 1, rating: 8, review: 'Worth it.', platforms: ['win'], startedOn: '2024-01-02' };
      const res = await times(TIMES, () => call('PUT', `/api/users/${name}/library/game-1`, token, body));
      expect(statuses(res)).toEqual([...Array<number>(TIMES - 1).fill(200), 201]);
      expect(new Set(res.map((r) => r.json()._id)).size).toBe(1);
      const entries = await entriesOf(user.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ review_slug: 'game-1', status: 1, rating: 8 });
      const activities = await t.db.kysely.selectFrom('activities').select('verb').where('actor_id', '=', user.id).execute();
      expect(activities.map((a) => a.verb).sort()).toEqual(['added', 'rated', 'reviewed']);
      const diary = await t.db.kysely.selectFrom('diary_entries').select('event').where('user_id', '=', user.id).execute();
      expect(diary).toEqual([{ event: 'started' }]);
    });

    it('logs every play of a game new to the library, adding the game once', async () => {
      const { user, name, token } = await member();
      const res = await times(TIMES, (i) => call('POST', `/api/users/${name}/diary`, token, { game: 'game-2', playedOn: `2024-02-${String(i + 1).padStart(2, '0')}` }));
      expect(statuses(res)).toEqual(Array<number>(TIMES).fill(201));
      expect(await entriesOf(user.id)).toHaveLength(1);
      const diary = await t.db.kysely.selectFrom('diary_entries').select('played_on').where('user_id', '=', user.id).execute();
      expect(diary).toHaveLength(TIMES);
    });

    it('removes an entry once, keeping the other favourites numbered 1..n', async () => {
      const { user, name, token } = await member();
      for (const slug of slugs.slice(0, 3)) await call('PUT', `/api/users/${name}/library/${slug}`, token, { favourite: true });
      const res = await times(TIMES, () => call('DELETE', `/api/users/${name}/library/game-2`, token));
      expect(res.every((r) => r.statusCode === 204 || r.statusCode === 404)).toBe(true);
      expect(await favouritePositions(user.id)).toEqual([1, 2]);
      const favourites = (await call('GET', `/api/users/${name}`)).json().favourites.map((g: { slug: string }) => g.slug);
      expect(favourites).toEqual(['game-1', 'game-3']);
    });

    it('updating a diary entry while it is being deleted is a 404, never a 500', async () => {
      const { name, token } = await member();
      const id = (await call('POST', `/api/users/${name}/diary`, token, { game: 'game-3', playedOn: '2024-03-01' })).json().id;
      const res = await Promise.all([
        ...Array.from({ length: 5 }, () => call('PUT', `/api/users/${name}/diary/${id}`, token, { playedOn: '2024-03-02' })),
        call('DELETE', `/api/users/${name}/diary/${id}`, token),
        ...Array.from({ length: 5 }, () => call('PUT', `/api/users/${name}/diary/${id}`, token, { playedOn: '2024-03-03' })),
      ]);
      expect(res.map((r) => `${r.statusCode} ${r.statusCode >= 500 ? r.body : ''}`).filter((s) => !/^(200|204|404) /.test(s))).toEqual([]);
    });
  });

  describe('the journal and imports', () => {
    it('deleting the session that added a game while another is logged keeps the game and the new session', async () => {
      const { user, name, token } = await member();
      for (let round = 1; round <= 5; round += 1) {
        const slug = `game-${round + 3}`;
        const added = (await call('POST', `/api/users/${name}/diary`, token, { game: slug, playedOn: '2024-04-01' })).json().id as number;
        const [removed, ...logged] = await Promise.all([
          call('DELETE', `/api/users/${name}/diary/${added}`, token),
          ...Array.from({ length: 3 }, (_, i) => call('POST', `/api/users/${name}/diary`, token, { game: slug, playedOn: `2024-04-0${i + 2}` })),
        ]);
        expect([removed, ...logged].map((r) => `${r.statusCode} ${r.statusCode >= 500 ? r.body : ''}`).filter((s) => !/^(201|204) /.test(s))).toEqual([]);
        const diary = await t.db.kysely.selectFrom('diary_entries').select(['id', 'entry_id']).where('user_id', '=', user.id).where('game_id', '=', (await gameId(slug))).execute();
        expect(diary.map((d) => d.id).sort()).toEqual(logged.map((r) => r.json().id).sort());
        // Every remaining session belongs to an entry that exists: the game stayed in the library.
        const entries = (await entriesOf(user.id)).filter((e) => diary.some((d) => d.entry_id === e.id));
        expect(entries).toHaveLength(1);
      }
    });

    it('an import racing the member’s own edit of the same game leaves one entry, never a 500', async () => {
      for (let round = 1; round <= 8; round += 1) {
        const { user, name, token } = await member();
        const csv = 'record_type,game_slug,status,rating_stars\nlibrary,game-6,Beaten,3\nlibrary,game-7,Playing,2\n';
        const res = await Promise.all([
          call('PUT', `/api/users/${name}/library/game-6`, token, { rating: 9 }),
          call('POST', `/api/users/${name}/library/import`, token, { csv }),
          call('PUT', `/api/users/${name}/library/game-7`, token, { review: 'Mine, not the file’s.' }),
        ]);
        expect(res.map((r) => `${r.statusCode} ${r.statusCode >= 300 ? r.body : ''}`).filter((s) => !/^(200|201) /.test(s))).toEqual([]);
        const entries = await entriesOf(user.id);
        expect(entries.map((e) => e.game_id).sort()).toEqual([await gameId('game-6'), await gameId('game-7')].sort());
        // Whichever came last, the member's own review is never lost to the file, which has none.
        expect(entries.find((e) => e.review !== null)?.review).toBe('Mine, not the file’s.');
      }
    });
    it('an import writing a review while the member writes another never gives both one address', async () => {
      for (let round = 1; round <= 8; round += 1) {
        const { user, name, token } = await member();
        // A review kept the address of its game's former slug, so "doom" is taken and the file's review of Doom becomes "doom-2".
        await call('PUT', `/api/users/${name}/library/game-1`, token, { review: 'From when this game was called Doom.' });
        await t.db.kysely.updateTable('library_entries').set({ review_slug: 'doom' }).where('user_id', '=', user.id).execute();
        const csv = 'record_type,game_slug,status,review\nlibrary,doom,Beaten,The file’s review.\n';
        const res = await Promise.all([
          call('POST', `/api/users/${name}/library/import`, token, { csv }),
          call('PUT', `/api/users/${name}/library/doom-2`, token, { review: 'Mine.' }),
        ]);
        expect(res.map((r) => `${r.statusCode} ${r.statusCode >= 300 ? r.body : ''}`).filter((s) => !/^(200|201) /.test(s))).toEqual([]);
        const reviewSlugs = (await entriesOf(user.id)).map((e) => e.review_slug).filter((s) => s !== null);
        expect(reviewSlugs).toHaveLength(3);
        expect(new Set(reviewSlugs).size).toBe(3);
      }
    });

    it('an import making a favourite while the member makes one never passes the limit nor shares a place', async () => {
      for (let round = 1; round <= 6; round += 1) {
        const { user, name, token } = await member();
        for (const slug of slugs.slice(0, 4)) await call('PUT', `/api/users/${name}/library/${slug}`, token, { favourite: true });
        const csv = 'record_type,game_slug,favourite\nlibrary,game-9,5\n';
        const res = await Promise.all([
          call('POST', `/api/users/${name}/library/import`, token, { csv }),
          call('PUT', `/api/users/${name}/library/game-10`, token, { favourite: true }),
        ]);
        // Whichever comes second is told: the import with a warning, the form with the library's limit message.
        const [imported, edited] = res;
        expect(imported!.statusCode).toBe(200);
        if (edited!.statusCode === 400) expect(edited!.json().message).toBe(SETTINGS_MESSAGES.tooManyFavourites);
        else expect(edited!.statusCode).toBe(201);
        expect(await favouritePositions(user.id)).toEqual(oneToN(LIBRARY_LIMITS.favourites));
      }
    });
  });

  describe('favourites', () => {
    it('never passes the limit when games are made favourites at once, and numbers them 1..n', async () => {
      const { user, name, token } = await member();
      for (const slug of slugs) await call('PUT', `/api/users/${name}/library/${slug}`, token, { status: 1 });
      const res = await Promise.all(slugs.map((slug) => call('PUT', `/api/users/${name}/library/${slug}`, token, { status: 1, favourite: true })));
      expect(statuses(res)).toEqual([
        ...Array<number>(LIBRARY_LIMITS.favourites).fill(200),
        ...Array<number>(slugs.length - LIBRARY_LIMITS.favourites).fill(400),
      ]);
      expect(await favouritePositions(user.id)).toEqual(oneToN(LIBRARY_LIMITS.favourites));
    });

    it('never passes the limit when new games come in as favourites at once', async () => {
      const { user, name, token } = await member();
      const res = await Promise.all(slugs.map((slug) => call('PUT', `/api/users/${name}/library/${slug}`, token, { favourite: true })));
      expect(res.filter((r) => r.statusCode === 201)).toHaveLength(LIBRARY_LIMITS.favourites);
      expect(res.filter((r) => r.statusCode === 400)).toHaveLength(slugs.length - LIBRARY_LIMITS.favourites);
      expect(await favouritePositions(user.id)).toEqual(oneToN(LIBRARY_LIMITS.favourites));
    });

    it('keeps one whole list when favourites are replaced at once, also while others are added', async () => {
      const { user, name, token } = await member();
      for (const slug of slugs) await call('PUT', `/api/users/${name}/library/${slug}`, token, { status: 1 });
      const lists = Array.from({ length: TIMES }, (_, i) => slugs.slice(i % 7, (i % 7) + 1 + (i % LIBRARY_LIMITS.favourites)));
      const res = await Promise.all([
        ...lists.map((games) => call('PUT', '/api/profile/favourites', token, { games })),
        ...slugs.slice(0, 6).map((slug) => call('PUT', `/api/users/${name}/library/${slug}`, token, { status: 1, favourite: true })),
      ]);
      expect(res.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
      const positions = await favouritePositions(user.id);
      expect(positions.length).toBeLessThanOrEqual(LIBRARY_LIMITS.favourites);
      expect(positions).toEqual(oneToN(positions.length));
    });
  });

  describe('featured reviews', () => {
    it('gives each review featured at once its own place', async () => {
      const { token: mod } = await member('moderator');
      const ids: number[] = [];
      for (let i = 0; i < TIMES; i++) {
        const { name, token } = await member();
        ids.push(Number((await call('PUT', `/api/users/${name}/library/game-4`, token, { review: `Review ${i}.` })).json()._id));
      }
      const res = await Promise.all(ids.map((entryId) => call('POST', '/api/admin/featured', mod, { entryId })));
      expect(statuses(res)).toEqual(Array<number>(TIMES).fill(200));
      const again = await Promise.all(ids.slice(0, 3).map((entryId) => call('POST', '/api/admin/featured', mod, { entryId })));
      expect(again.map((r) => r.json().message)).toEqual(Array<string>(3).fill(ADMIN_MESSAGES.alreadyFeatured));
      const rows = await t.db.kysely.selectFrom('library_entries').select('featured_position').where('featured_position', 'is not', null).execute();
      const positions = rows.map((r) => r.featured_position!).sort((a, b) => a - b);
      expect(positions).toEqual(oneToN(TIMES));
      const order = (await call('GET', '/api/admin/featured', mod)).json().map((r: { _id: string }) => Number(r._id));
      expect(order.sort()).toEqual([...ids].sort());
    });
  });

  describe('accounts', () => {
    const register = (username: string, email: string) =>
      call('POST', '/api/auth/register', undefined, { username, email, password: PASSWORD, password2: PASSWORD });

    it('registers a username once; the others hear it is taken', async () => {
      const res = await times(TIMES, (i) => register('Same_Name', `same${i}@example.com`));
      expect(statuses(res)).toEqual([201, ...Array<number>(TIMES - 1).fill(400)]);
      for (const r of res.filter((r) => r.statusCode === 400)) expect(r.json().errors).toEqual({ username: MESSAGES.validation.username.taken });
    });

    it('registers an e-mail once; the others hear it is taken', async () => {
      const res = await times(TIMES, (i) => register(`mail_${i}`, 'Same@Example.com'));
      expect(statuses(res)).toEqual([201, ...Array<number>(TIMES - 1).fill(400)]);
      for (const r of res.filter((r) => r.statusCode === 400)) expect(r.json().errors).toEqual({ email: MESSAGES.validation.email.taken });
    });

    it('gives a new username to one member when several ask for it at once', async () => {
      const members = await times(5, () => member());
      const res = await Promise.all(members.map((m) => call('POST', '/api/auth/username', m.token, { username: 'Wanted_Name' })));
      expect(statuses(res)).toEqual([200, 400, 400, 400, 400]);
      for (const r of res.filter((r) => r.statusCode === 400)) expect(r.json().errors).toEqual({ username: MESSAGES.validation.username.taken });
    });

    it('never leaves the site without an admin when admins demote each other at once', async () => {
      // Earlier cases made no admin; these two are the only ones.
      const [a, b] = await times(2, () => member('admin'));
      const res = await Promise.all([
        call('PUT', `/api/admin/users/${b!.user.id}/role`, a!.token, { role: 'user' }),
        call('PUT', `/api/admin/users/${a!.user.id}/role`, b!.token, { role: 'user' }),
      ]);
      // The loser is refused as the last admin (400), or, when the winner's demotion (which signs the
      // demoted admin out) lands before its request is even authenticated, as signed out (401).
      const [won, lost] = statuses(res);
      expect(won).toBe(200);
      expect([400, 401]).toContain(lost);
      const refusal = res.find((r) => r.statusCode === 400);
      if (refusal) expect(refusal.json().message).toBe(ADMIN_MESSAGES.lastAdmin);
      const admins = await t.db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    });

    it('never deletes the last admin when two admins delete their accounts at once', async () => {
      const others = await t.db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      await t.db.kysely.updateTable('users').set({ role: 'user' }).where('id', 'in', others.map((o) => o.id)).execute();
      const [a, b] = await times(2, () => member('admin'));
      const res = await Promise.all([a!, b!].map((m) => call('DELETE', '/api/profile', m.token, { password: PASSWORD })));
      expect(statuses(res)).toEqual([204, 409]);
      const admins = await t.db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    });

    it('never makes more access tokens than the limit', async () => {
      const { user, token } = await member();
      const res = await times(TOKEN_LIMITS.perMember + 5, (i) => call('POST', '/api/profile/tokens', token, { name: `token ${i}`, scope: 'read' }));
      expect(res.filter((r) => r.statusCode === 201)).toHaveLength(TOKEN_LIMITS.perMember);
      expect(res.filter((r) => r.statusCode === 409)).toHaveLength(5);
      const rows = await t.db.kysely.selectFrom('access_tokens').select('id').where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(TOKEN_LIMITS.perMember);
    });
  });

  describe('social counts', () => {
    const countsOf = async (userId: number) =>
      t.db.kysely.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', userId).executeTakeFirstOrThrow();

    it('follows both ways at once, and repeats, without a deadlock or a wrong count', async () => {
      const [a, b] = await times(2, () => member());
      const res = await Promise.all([
        ...Array.from({ length: 5 }, () => call('POST', `/api/users/${b!.name}/follow`, a!.token)),
        ...Array.from({ length: 5 }, () => call('POST', `/api/users/${a!.name}/follow`, b!.token)),
      ]);
      expect(statuses(res)).toEqual(Array<number>(10).fill(200));
      for (const m of [a!, b!]) expect(await countsOf(m.user.id)).toEqual({ followers_count: 1, following_count: 1 });
      const undo = await Promise.all([
        ...Array.from({ length: 5 }, () => call('DELETE', `/api/users/${b!.name}/follow`, a!.token)),
        ...Array.from({ length: 5 }, () => call('DELETE', `/api/users/${a!.name}/follow`, b!.token)),
      ]);
      expect(statuses(undo)).toEqual(Array<number>(10).fill(200));
      for (const m of [a!, b!]) expect(await countsOf(m.user.id)).toEqual({ followers_count: 0, following_count: 0 });
    });

    it('keeps a followers page’s total (the stored count less suspended followers) equal to its rows while many follow and unfollow at once', async () => {
      const star = await member();
      const fans = await times(TIMES, () => member());
      const page = () => call('GET', `/api/users/${star.name}/followers?limit=50`);
      expect(statuses(await Promise.all(fans.map((f) => call('POST', `/api/users/${star.name}/follow`, f.token))))).toEqual(Array<number>(TIMES).fill(200));
      const [leaving, staying] = [fans.slice(0, TIMES / 2), fans.slice(TIMES / 2)];
      const mixed = await Promise.all([
        ...leaving.map((f) => call('DELETE', `/api/users/${star.name}/follow`, f.token)),
        ...staying.map((f) => call('POST', `/api/users/${star.name}/follow`, f.token)),
        ...leaving.map((f) => call('DELETE', `/api/users/${star.name}/follow`, f.token)),
        page(),
      ]);
      expect(statuses(mixed)).toEqual(Array<number>(TIMES + TIMES / 2 + 1).fill(200));
      await t.db.kysely.updateTable('users').set({ state: 'suspended' }).where('id', '=', staying[0]!.user.id).execute();
      const after = await page();
      expect(after.json()).toHaveLength(staying.length - 1);
      expect(after.headers['x-total-count']).toBe(String(staying.length - 1));
      await t.db.kysely.updateTable('users').set({ state: 'active' }).where('id', '=', staying[0]!.user.id).execute();
    });

    it('counts comments added and deleted at once exactly', async () => {
      const author = await member();
      await call('PUT', `/api/users/${author.name}/library/game-5`, author.token, { review: 'Comment on this.' });
      const url = `/api/users/${author.name}/reviews/game-5/comments`;
      const commenters = await times(TIMES, () => member());
      const made = await Promise.all(commenters.map((c) => call('POST', url, c.token, { body: 'Agreed.' })));
      expect(statuses(made)).toEqual(Array<number>(TIMES).fill(201));
      const commentsCount = async () =>
        (await t.db.kysely.selectFrom('library_entries').select('comments_count').where('review_slug', '=', 'game-5').where('user_id', '=', author.user.id).executeTakeFirstOrThrow())
          .comments_count;
      expect(await commentsCount()).toBe(TIMES);
      const first = String(made[0]!.json()._id).replace(/^c/, '');
      const removed = await times(5, () => call('DELETE', `/api/comments/${first}`, commenters[0]!.token));
      expect(removed.every((r) => r.statusCode === 204 || r.statusCode === 404)).toBe(true);
      expect(await commentsCount()).toBe(TIMES - 1);
    });

    it('a comment on a review deleted meanwhile is a 404, never a 500', async () => {
      const author = await member();
      await call('PUT', `/api/users/${author.name}/library/game-6`, author.token, { review: 'Here today.' });
      const commenters = await times(5, () => member());
      const res = await Promise.all([
        ...commenters.map((c) => call('POST', `/api/users/${author.name}/reviews/game-6/comments`, c.token, { body: 'Quick!' })),
        call('DELETE', `/api/users/${author.name}/library/game-6`, author.token),
      ]);
      expect(res.every((r) => [201, 204, 404].includes(r.statusCode))).toBe(true);
    });
  });
});
