import { LIST_LIMITS, LIST_MESSAGES } from '@vgl/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { usersRepo } from '../users/users.repo.js';

const GAMES = Array.from({ length: 8 }, (_, i) => ({ name: `Quest ${i + 1}`, slug: `quest-${i + 1}`, year: 1990 + i, platforms: ['snes'] }));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

describe.each(dbKinds)('lists on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const gameId: Record<string, number> = {};
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    for (const row of await t.db.kysely.selectFrom('games').select(['id', 'slug']).execute()) gameId[row.slug] = row.id;
    for (const username of ['ann', 'bob']) {
      await createUser(t.db.kysely, { username });
      token[username] = await loginToken(t.app, username);
    }
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const create = (who: string, body: object) => call('POST', `/api/users/${who}/lists`, who, body);
  const add = (who: string, slug: string, game: string, note?: string) => call('POST', `/api/users/${who}/lists/${slug}/games`, who, { game, ...(note ? { note } : {}) });

  /** A fresh member, so limit and race cases start clean. */
  async function member() {
    seq += 1;
    const user = await createUser(t.db.kysely, { username: `lister${seq}` });
    token[user.username] = await loginToken(t.app, user.username);
    return user.username;
  }

  it('makes a list with a slug from its title, unique per member and kept when the title changes', async () => {
    const made = await create('ann', { title: '  Best of the SNES! ', description: '  The **classics**.  ', ranked: true });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      slug: 'best-of-the-snes',
      title: 'Best of the SNES!',
      description: 'The **classics**.',
      excerpt: 'The classics.',
      ranked: true,
      isPublic: true,
      games: 0,
      items: [],
      user: { username: 'ann' },
      viewerCan: { edit: true, delete: true },
    });
    expect(made.json()._id).toBe(`l${made.json().id}`);
    expect((await create('ann', { title: 'Best of the SNES' })).json().slug).toBe('best-of-the-snes-2');
    expect((await create('bob', { title: 'Best of the SNES' })).json().slug).toBe('best-of-the-snes');
    expect((await create('ann', { title: '!!!' })).json().slug).toBe('list');

    const renamed = await call('PUT', '/api/users/ann/lists/best-of-the-snes-2', 'ann', { title: 'Renamed', ranked: false });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: 'best-of-the-snes-2', title: 'Renamed', description: null, ranked: false });
  });

  it('answers bad input with clear messages', async () => {
    const empty = await create('ann', { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.title).toBe(LIST_MESSAGES.titleRequired);
    expect((await create('ann', { title: 'x'.repeat(101) })).json().errors.title).toBe(LIST_MESSAGES.titleTooLong);
    // Blank once invisible characters are set aside: the same message as an empty title.
    expect((await create('ann', { title: '\u200B\u2060\u3164' })).json().errors.title).toBe(LIST_MESSAGES.titleRequired);
    // Bidi overrides and zero-width characters are taken out; the title is kept as one plain line (it becomes page titles and previews).
    const spoof = await create('ann', { title: 'Fav\u202Egames\u200B  of\nall time' });
    expect(spoof.statusCode).toBe(201);
    expect(spoof.json().title).toBe('Favgames of all time');
    const arabic = await create('ann', { title: 'ألعابي المفضلة' });
    expect(arabic.json().title).toBe('ألعابي المفضلة');
    // An optional text of invisible characters only is no text.
    expect((await create('ann', { title: 'Quiet', description: '\u200B \u200B' })).json().description).toBeNull();
    expect((await create('ann', { title: 'Long', description: 'x'.repeat(LIST_LIMITS.descriptionMaxLength + 1) })).json().errors.description).toBe(
      'Description must have at most 10,000 characters',
    );
    expect((await create('ann', { title: 'Flag', ranked: 'yes' })).json().errors.ranked).toBe('Ranked must be true or false');
    expect((await add('ann', 'best-of-the-snes', 'quest-1', 'n'.repeat(LIST_LIMITS.noteMaxLength + 1))).json().errors.note).toBe(
      'Note must have at most 1,000 characters',
    );
    expect((await add('ann', 'best-of-the-snes', 'no-such-game')).statusCode).toBe(404);
    expect((await call('POST', '/api/users/ann/lists', undefined, { title: 'Nope' })).statusCode).toBe(401);
    expect((await call('POST', '/api/users/ann/lists', 'bob', { title: 'Nope' })).statusCode).toBe(403);
  });

  it('adds games at the end with notes, edits a note, takes a game out, and reorders in one call', async () => {
    for (const [i, slug] of ['quest-1', 'quest-2', 'quest-3', 'quest-4'].entries()) {
      const res = await add('ann', 'best-of-the-snes', slug, `Note ${i + 1}`);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ rank: i + 1, note: `Note ${i + 1}`, game: { slug, id: gameId[slug] } });
    }
    const again = await add('ann', 'best-of-the-snes', 'quest-2');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ rank: 2, note: 'Note 2' });

    const noted = await call('PUT', `/api/users/ann/lists/best-of-the-snes/games/${gameId['quest-3']}`, 'ann', { note: '  Changed  ' });
    expect(noted.json()).toMatchObject({ rank: 3, note: 'Changed' });
    expect((await call('DELETE', `/api/users/ann/lists/best-of-the-snes/games/${gameId['quest-1']}`, 'ann')).statusCode).toBe(204);
    expect((await call('DELETE', `/api/users/ann/lists/best-of-the-snes/games/${gameId['quest-1']}`, 'ann')).json().message).toBe(LIST_MESSAGES.notInList);

    const order = ['quest-4', 'quest-2', 'quest-3'].map((s) => gameId[s]!);
    const reordered = await call('PUT', '/api/users/ann/lists/best-of-the-snes/order', 'ann', { games: order });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().items.map((i: { rank: number; game: { slug: string } }) => [i.rank, i.game.slug])).toEqual([
      [1, 'quest-4'],
      [2, 'quest-2'],
      [3, 'quest-3'],
    ]);
    expect(reordered.json().preview.map((g: { slug: string }) => g.slug)).toEqual(['quest-4', 'quest-2', 'quest-3']);

    const wrong = await call('PUT', '/api/users/ann/lists/best-of-the-snes/order', 'ann', { games: order.slice(0, 2) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(LIST_MESSAGES.orderMismatch);
    expect((await call('PUT', '/api/users/ann/lists/best-of-the-snes/order', 'ann', { games: [order[0], order[0], order[1]] })).statusCode).toBe(400);
    expect((await call('PUT', '/api/users/ann/lists/best-of-the-snes/order', 'bob', { games: order })).statusCode).toBe(403);
  });

  it('keeps private lists from everyone but their owner (404)', async () => {
    await create('ann', { title: 'Secret stash', isPublic: false });
    await add('ann', 'secret-stash', 'quest-5');
    expect((await call('GET', '/api/users/ann/lists/secret-stash', 'ann')).statusCode).toBe(200);
    for (const who of [undefined, 'bob']) {
      expect((await call('GET', '/api/users/ann/lists/secret-stash', who)).statusCode).toBe(404);
      expect((await call('GET', '/api/users/ann/lists/secret-stash/comments', who)).statusCode).toBe(404);
      const slugs = ((await call('GET', '/api/users/ann/lists', who)).json() as { slug: string }[]).map((l) => l.slug);
      expect(slugs).not.toContain('secret-stash');
    }
    expect((await call('PUT', '/api/users/ann/lists/secret-stash', 'bob', { title: 'Mine now' })).statusCode).toBe(404);
    const mine = await call('GET', '/api/users/ann/lists', 'ann');
    expect((mine.json() as { slug: string }[]).map((l) => l.slug)).toContain('secret-stash');
    const id = (await call('GET', '/api/users/ann/lists/secret-stash', 'ann')).json().id as number;
    expect((await call('POST', '/api/like', 'bob', { entityId: `l${id}` })).statusCode).toBe(404);
    // Not in the game's lists either.
    expect((await call('GET', '/api/igdb/games/quest-5/lists')).headers['x-total-count']).toBe('0');
  });

  it('lists a member’s lists with counts and covers, and says which hold a game', async () => {
    const res = await call('GET', '/api/users/ann/lists?game=quest-2&limit=100', 'ann');
    expect(res.statusCode).toBe(200);
    const byslug = new Map((res.json() as { slug: string; hasGame: boolean; games: number }[]).map((l) => [l.slug, l]));
    expect(byslug.get('best-of-the-snes')).toMatchObject({ hasGame: true, games: 3 });
    expect(byslug.get('secret-stash')).toMatchObject({ hasGame: false, games: 1 });
    expect((await call('GET', '/api/users/ann/lists')).json()[0].hasGame).toBeNull();
    expect((await call('GET', '/api/users/ann/lists?game=nope', 'ann')).statusCode).toBe(404);
  });

  it('shows the game’s public lists, most liked first, and Explore’s popular and recent lists', async () => {
    await create('bob', { title: 'Quest picks' });
    await add('bob', 'quest-picks', 'quest-2');
    const annList = (await call('GET', '/api/users/ann/lists/best-of-the-snes')).json();
    await call('POST', '/api/like', 'bob', { entityId: annList._id });

    const ofGame = await call('GET', '/api/igdb/games/quest-2/lists');
    expect(ofGame.headers['x-total-count']).toBe('2');
    expect((ofGame.json() as { slug: string; user: { username: string } }[]).map((l) => `${l.user.username}/${l.slug}`)).toEqual([
      'ann/best-of-the-snes',
      'bob/quest-picks',
    ]);
    expect((await call('GET', '/api/igdb/games/quest-2/lists?limit=1')).json()).toHaveLength(1);

    const popular = (await call('GET', '/api/lists?sort=popular')).json() as { slug: string; likes: number }[];
    expect(popular[0]).toMatchObject({ slug: 'best-of-the-snes', likes: 1 });
    // Empty lists are left out of Explore; the newest list with games comes first.
    const recent = (await call('GET', '/api/lists?sort=recent')).json() as { slug: string }[];
    expect(recent.map((l) => l.slug)).toEqual(['quest-picks', 'best-of-the-snes']);
    expect((await call('GET', '/api/lists?sort=nope')).statusCode).toBe(400);
  });

  it('gives list pages their own title for link previews, and a 404 for a private or missing one', async () => {
    const page = await call('GET', '/u/ann/lists/best-of-the-snes');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Best of the SNES!, a list by ann | VGL</title>');
    expect(page.body).toContain('content="The classics."');
    expect((await call('GET', '/u/ann/lists/secret-stash')).statusCode).toBe(404);
    expect((await call('GET', '/u/ann/lists/nope')).statusCode).toBe(404);
    expect((await call('GET', '/u/ann/lists')).body).toContain("<title>ann's Lists | VGL</title>");
  });

  it('hides the lists of a suspended member', async () => {
    const bob = (await usersRepo.findByUsername(t.db.kysely, 'bob'))!;
    await usersRepo.update(t.db.kysely, bob.id, { state: 'suspended' });
    expect((await call('GET', '/api/igdb/games/quest-2/lists')).headers['x-total-count']).toBe('1');
    expect((await call('GET', '/api/users/bob/lists/quest-picks')).statusCode).toBe(404);
    await usersRepo.update(t.db.kysely, bob.id, { state: 'active' });
  });

  it('deletes a list with its games', async () => {
    expect((await call('DELETE', '/api/users/ann/lists/list', 'bob')).statusCode).toBe(403);
    expect((await call('DELETE', '/api/users/ann/lists/list', 'ann')).statusCode).toBe(204);
    expect((await call('GET', '/api/users/ann/lists/list', 'ann')).statusCode).toBe(404);
  });

  describe('limits, enforced under concurrent calls', () => {
    it(`refuses list ${LIST_LIMITS.listsPerMember + 1}, even when many are made at once`, async () => {
      const name = await member();
      const owner = (await usersRepo.findByUsername(t.db.kysely, name))!;
      const at = Date.now();
      await t.db.kysely
        .insertInto('lists')
        .values(Array.from({ length: LIST_LIMITS.listsPerMember - 3 }, (_, i) => ({ user_id: owner.id, slug: `filler-${i}`, title: `Filler ${i}`, description: null, created_at: at, updated_at: at })))
        .execute();
      const res = await Promise.all(Array.from({ length: 8 }, () => create(name, { title: 'Same title' })));
      expect(statuses(res)).toEqual([201, 201, 201, 400, 400, 400, 400, 400]);
      expect(res.find((r) => r.statusCode === 400)!.json().message).toBe(LIST_MESSAGES.tooManyLists);
      expect(new Set(res.filter((r) => r.statusCode === 201).map((r) => r.json().slug))).toEqual(new Set(['same-title', 'same-title-2', 'same-title-3']));
      expect(Number((await t.db.kysely.selectFrom('lists').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', owner.id).executeTakeFirst())?.n)).toBe(
        LIST_LIMITS.listsPerMember,
      );
    });

    it(`refuses game ${LIST_LIMITS.gamesPerList + 1}, even when several are added at once`, async () => {
      const name = await member();
      const list = (await create(name, { title: 'Full' })).json();
      // Filled straight in the database with the seeded games' ids plus made-up games.
      const at = Date.now();
      const extra = await t.db.kysely
        .insertInto('games')
        .values(Array.from({ length: LIST_LIMITS.gamesPerList - 3 }, (_, i) => ({ slug: `filler-game-${seq}-${i}`, name: `Filler ${i}`, source: 'import' as const, summary: null, cover_image_id: null, first_release_date: null, release_year: null, rating: null, igdb_id: null, igdb_updated_at: null, created_at: at, updated_at: at })))
        .returning('id')
        .execute();
      await t.db.kysely.insertInto('list_games').values(extra.map((g, i) => ({ list_id: list.id, game_id: g.id, position: i + 1, note: null, added_at: at }))).execute();
      const res = await Promise.all(['quest-1', 'quest-2', 'quest-3', 'quest-4', 'quest-5', 'quest-6'].map((slug) => add(name, 'full', slug)));
      expect(statuses(res)).toEqual([201, 201, 201, 400, 400, 400]);
      expect(res.find((r) => r.statusCode === 400)!.json().message).toBe(LIST_MESSAGES.listFull);
      expect((await call('GET', `/api/users/${name}/lists/full`)).json().games).toBe(LIST_LIMITS.gamesPerList);
    });

    it('adds one game once when it is added many times at once', async () => {
      const name = await member();
      await create(name, { title: 'Once' });
      const res = await Promise.all(Array.from({ length: 6 }, () => add(name, 'once', 'quest-7')));
      expect(statuses(res)).toEqual([200, 200, 200, 200, 200, 201]);
      expect((await call('GET', `/api/users/${name}/lists/once`)).json().games).toBe(1);
    });

    it('keeps positions whole when reorders, adds and removals race', async () => {
      const name = await member();
      await create(name, { title: 'Race', ranked: true });
      for (const slug of ['quest-1', 'quest-2', 'quest-3', 'quest-4']) await add(name, 'race', slug);
      const ids = ['quest-1', 'quest-2', 'quest-3', 'quest-4'].map((s) => gameId[s]!);
      const orders = [ids, [...ids].reverse(), [ids[1]!, ids[0]!, ids[3]!, ids[2]!]];
      const res = await Promise.all([
        ...orders.map((games) => call('PUT', `/api/users/${name}/lists/race/order`, name, { games })),
        add(name, 'race', 'quest-5'),
        call('DELETE', `/api/users/${name}/lists/race/games/${ids[0]}`, name),
      ]);
      // A reorder that ran after the add or the removal names the wrong set: 400, nothing half-written.
      for (const r of res) expect([200, 201, 204, 400]).toContain(r.statusCode);
      const list = (await call('GET', `/api/users/${name}/lists/race`)).json();
      expect(list.items.map((i: { rank: number }) => i.rank)).toEqual([1, 2, 3, 4]);
      expect(new Set(list.items.map((i: { game: { slug: string } }) => i.game.slug))).toEqual(new Set(['quest-2', 'quest-3', 'quest-4', 'quest-5']));
      const positions = await t.db.kysely.selectFrom('list_games').select('position').where('list_id', '=', list.id).execute();
      expect(new Set(positions.map((p) => p.position)).size).toBe(4);
    });
  });
});
