import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { VGL_COLUMNS } from '../transfer/transfer.csv.js';

const GAMES = ['Chrono Trigger', 'Secret of Mana', 'Earthbound', 'Final Fantasy VI', 'Terranigma'].map((name, i) => ({
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  year: 1993 + i,
  platforms: ['snes'],
}));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const recordsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
const withoutIds = (list: Record<string, unknown>) => {
  const { id: _id, _id: _entity, createdAt: _c, updatedAt: _u, user: _user, viewerCan: _v, ...rest } = list;
  return { ...rest, items: (rest.items as { addedAt: number }[]).map(({ addedAt: _a, ...item }) => ({ ...item, game: { ...(item as { game: object }).game, id: 0 } })) };
};

describe.each(dbKinds)('lists in the CSV export and import on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    for (const username of ['ann', 'bob', 'cat']) {
      await createUser(t.db.kysely, { username });
      token[username] = await loginToken(t.app, username);
    }
    await call('PUT', '/api/users/ann/library/earthbound', 'ann', { status: 2, rating: 9 });
    await call('POST', '/api/users/ann/lists', 'ann', { title: 'SNES RPGs, ranked', description: 'My **favourites**, "in order".\n> Fight!', ranked: true });
    for (const [slug, note] of [['chrono-trigger', 'The best, period.'], ['earthbound', '=Mother 2'], ['secret-of-mana', null], ['final-fantasy-vi', 'Opera scene'], ['terranigma', null]] as const) {
      await call('POST', '/api/users/ann/lists/snes-rpgs-ranked/games', 'ann', { game: slug, ...(note ? { note } : {}) });
    }
    const order = ((await call('GET', '/api/users/ann/lists/snes-rpgs-ranked', 'ann')).json().items as { game: { id: number } }[]).map((i) => i.game.id);
    await call('PUT', '/api/users/ann/lists/snes-rpgs-ranked/order', 'ann', { games: [order[3], ...order.slice(0, 3), order[4]] });
    await call('POST', '/api/users/ann/lists', 'ann', { title: 'Private shame', isPublic: false });
    await call('POST', '/api/users/ann/lists/private-shame/games', 'ann', { game: 'terranigma' });
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const exportOf = async (who: string) => (await call('GET', `/api/users/${who}/library/export`, who)).body;
  const importCsv = (who: string, csv: string) => call('POST', `/api/users/${who}/library/import`, who, { csv });
  const listOf = async (who: string, slug: string) => (await call('GET', `/api/users/${who}/lists/${slug}`, who)).json();

  it('exports each list after the library: a list row, then a list_game row per game in order', async () => {
    const csv = await exportOf('ann');
    expect(csv.split('\r\n')[0]).toBe(VGL_COLUMNS.join(','));
    const records = recordsOf(csv);
    const lists = records.filter((r) => r.record_type === 'list');
    expect(lists.map((r) => [r.list_slug, r.list_title, r.list_ranked, r.list_public])).toEqual([
      ['snes-rpgs-ranked', 'SNES RPGs, ranked', 'true', 'true'],
      ['private-shame', 'Private shame', 'false', 'false'],
    ]);
    expect(lists[0]!.list_description).toBe('My **favourites**, "in order".\n> Fight!');
    const games = records.filter((r) => r.record_type === 'list_game' && r.list_slug === 'snes-rpgs-ranked');
    expect(games.map((r) => [r.list_position, r.game_slug, r.note])).toEqual([
      ['1', 'final-fantasy-vi', 'Opera scene'],
      ['2', 'chrono-trigger', 'The best, period.'],
      // A formula-like note is written with an apostrophe (transfer.csv formulaSafeCell) and read back without it.
      ['3', 'earthbound', "'=Mother 2"],
      ['4', 'secret-of-mana', ''],
      ['5', 'terranigma', ''],
    ]);
    expect(records.findIndex((r) => r.record_type === 'list')).toBeGreaterThan(records.findIndex((r) => r.record_type === 'library'));
  });

  it('comes back whole in a fresh account, and a second import changes nothing', async () => {
    const csv = await exportOf('ann');
    const preview = await call('POST', '/api/users/bob/library/import/preview', 'bob', { csv });
    expect(preview.json()).toMatchObject({ lists: 2, errors: [] });
    const first = await importCsv('bob', csv);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ lists: 2, unmatched: 0, warnings: [] });
    for (const slug of ['snes-rpgs-ranked', 'private-shame']) {
      expect(withoutIds(await listOf('bob', slug))).toEqual(withoutIds(await listOf('ann', slug)));
    }
    expect((await call('GET', '/api/users/bob/lists/private-shame', 'cat')).statusCode).toBe(404);
    expect((await importCsv('bob', csv)).json()).toMatchObject({ lists: 0, entries: 0 });
    expect(((await call('GET', '/api/users/bob/lists', 'bob')).json() as unknown[]).length).toBe(2);
  });

  it('refuses a file whose list rows are wrong, with the line, and warns of games without a list', async () => {
    const header = VGL_COLUMNS as readonly string[];
    const row = (values: Record<string, string>) => header.map((column) => values[column] ?? '');
    const bad = stringify([header, row({ record_type: 'list', list_slug: 'x', list_title: '' }), row({ record_type: 'list_game', game_slug: 'earthbound' })]);
    const refused = await importCsv('cat', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ '2': 'Give the list a title', '3': 'A list_game row needs list_slug, the slug of its list' });

    const orphan = stringify([
      header,
      row({ record_type: 'list', list_title: 'Made by hand' }),
      row({ record_type: 'list_game', list_slug: 'made-by-hand', title: 'Earthbound', list_position: '2' }),
      row({ record_type: 'list_game', list_slug: 'made-by-hand', title: 'No Such Game' }),
      row({ record_type: 'list_game', list_slug: 'elsewhere', game_slug: 'earthbound' }),
    ]);
    const done = await importCsv('cat', orphan);
    expect(done.json()).toMatchObject({ lists: 1, unmatched: 1, warnings: [{ line: 5, message: expect.stringContaining('list_slug "elsewhere"') }] });
    expect((await listOf('cat', 'made-by-hand')).items.map((i: { game: { slug: string } }) => i.game.slug)).toEqual(['earthbound']);
  });
});
