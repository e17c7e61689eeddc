import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { VGL_COLUMNS } from './transfer.csv.js';

const GAMES = [
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', releaseDate: '1986-02-21', platforms: ['nes', 'famicom'], altNames: ['Zeruda no Densetsu'], popularity: 90 },
  { name: 'Super Mario World', slug: 'super-mario-world', releaseDate: '1990-11-21', platforms: ['snes'], popularity: 99 },
  { name: 'Pokémon Red', slug: 'pokemon-red', year: 1996, platforms: ['gb'], popularity: 95 },
  { name: 'Doom', slug: 'doom', year: 1993, platforms: ['win'], popularity: 80 },
  { name: 'Doom', slug: 'doom-2016', year: 2016, platforms: ['win'], popularity: 70 },
  { name: 'Sonic the Hedgehog', slug: 'sonic-the-hedgehog', year: 1991, platforms: ['genesis-slash-megadrive'], popularity: 85 },
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], popularity: 60 },
  { name: 'Hollow Knight', slug: 'hollow-knight', year: 2017, platforms: ['win', 'switch'], popularity: 65 },
];

const REVIEW = 'It is **dangerous** to go alone, "take this".\n> It\'s a secret to everybody\n\nStill, a classic, with commas.';

const csvOf = (rows: (string | number)[][]) => stringify(rows);
const recordsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];

/** HowLongToBeat's export columns, as its CSV export writes them. */
const HLTB_HEADER = [
  'Title', 'Platform', 'Playing', 'Backlog', 'Replay', 'Custom-1', 'Custom-2', 'Custom-3', 'Completed', 'Retired', 'Retired Notes',
  'Start Date', 'Completion Date', 'Playthrough', 'Progress', 'Main Story', 'Main Story Notes', 'Main + Extras', 'Main + Extras Notes',
  'Completionist', 'Completionist Notes', 'Speed Any%', 'Speed Any% Notes', 'Speed 100%', 'Speed 100% Notes', 'Co-Op', 'Multi-Player',
  'General Notes', 'Storefront', 'Review', 'Review Notes', 'Added', 'Updated',
];
const hltbRow = (fields: Record<string, string>) => HLTB_HEADER.map((column) => fields[column] ?? '');

/** Grouvee's export columns; shelves, platforms and dates hold JSON. */
const GROUVEE_HEADER = ['id', 'name', 'shelves', 'platforms', 'rating', 'review', 'dates', 'statuses', 'genres', 'franchises', 'developers', 'publishers', 'release_date', 'url', 'giantbomb_id'];
const shelf = (name: string) => JSON.stringify({ [name]: { date_added: '2021-03-04T10:00:00Z', url: `https://www.grouvee.com/user/x/shelves/1-${name}/` } });
const grouveeRow = (fields: Record<string, string>) => GROUVEE_HEADER.map((column) => fields[column] ?? '');

describe.each(dbKinds)('library export and import on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    await t.db.kysely.updateTable('games').set({ igdb_id: 1022 }).where('slug', '=', 'the-legend-of-zelda').execute();
    for (const name of ['ann', 'bob', 'cat', 'dan', 'erin', 'finn', 'gus', 'hal', 'ivy', 'jo']) {
      await createUser(t.db.kysely, { username: name });
      tokens[name] = await loginToken(t.app, name);
    }
    const put = (slug: string, body: object) => call('PUT', `/api/users/ann/library/${slug}`, 'ann', body);
    await put('the-legend-of-zelda', {
      status: 2, rating: 7, platforms: ['nes', 'famicom'], review: REVIEW, startedOn: '2024-01-02', finishedOn: '2024-01-20', favourite: true, hours: 12.5,
    });
    await put('celeste', { status: 1, rating: 10, platforms: ['win'], startedOn: '2024-03-01' });
    await put('super-mario-world', { status: 4 });
    await call('POST', '/api/users/ann/diary', 'ann', {
      game: 'the-legend-of-zelda', playedOn: '2024-06-01', event: 'finished', replay: true, hours: 8.25, rating: 8, note: 'Second run, "faster"',
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user?: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? bearer(tokens[user]!) : {}, ...(payload ? { payload } : {}) });
  const exportOf = (user: string) => call('GET', `/api/users/${user}/library/export`, user);
  const preview = (user: string, csv: string, format?: string) => call('POST', `/api/users/${user}/library/import/preview`, user, { csv, ...(format ? { format } : {}) });
  const importCsv = (user: string, csv: string, format?: string) => call('POST', `/api/users/${user}/library/import`, user, { csv, ...(format ? { format } : {}) });
  const entryOf = async (user: string, slug: string) => (await call('GET', `/api/users/${user}/library/${slug}`, user)).json();
  const diaryOf = async (user: string) => (await call('GET', `/api/users/${user}/diary?limit=100`, user)).json() as { game: { slug: string }; event: string; playedOn: string; replay: boolean; hours: number | null; rating: number | null; note: string | null }[];

  it('exports a header and one row per entry and per diary entry, RFC 4180 quoted, without a BOM', async () => {
    const res = await exportOf('ann');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="vgl-ann-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.rawPayload[0]).not.toBe(0xef);
    expect(res.body.split('\r\n')[0]).toBe(VGL_COLUMNS.join(','));
    expect(res.body).toContain('"It is **dangerous** to go alone, ""take this"".\n> It\'s a secret to everybody\n\nStill, a classic, with commas."');

    const records = recordsOf(res.body);
    expect(records.map((r) => [r.record_type, r.game_slug, r.event])).toEqual([
      ['library', 'the-legend-of-zelda', ''],
      ['diary', 'the-legend-of-zelda', 'started'],
      ['diary', 'the-legend-of-zelda', 'finished'],
      ['diary', 'the-legend-of-zelda', 'finished'],
      ['play', 'the-legend-of-zelda', ''],
      ['play', 'the-legend-of-zelda', ''],
      ['library', 'super-mario-world', ''],
      ['library', 'celeste', ''],
      ['diary', 'celeste', 'started'],
      ['play', 'celeste', ''],
    ]);
    expect(records[0]).toMatchObject({
      igdb_id: '1022', title: 'The Legend of Zelda', year: '1986', platforms: 'famicom;nes', status: 'Beaten', status_code: '2',
      rating_stars: '4', rating: '8', started: '2024-01-02', finished: '2024-01-20', favourite: '1', review: REVIEW,
      played_on: '', event: '', replay: '', hours: '', note: '',
    });
    expect(records[0]!.logged_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(records[3]).toMatchObject({ played_on: '2024-06-01', replay: 'true', hours: '8.25', rating_stars: '4', rating: '8', note: 'Second run, "faster"', status: '', review: '' });
    expect(records[2]).toMatchObject({ played_on: '2024-01-20', replay: 'false', hours: '12.5', rating: '7' });
    // Plays (issue 38): the first with the first run's verdict, the replay with its own; each session names its play.
    expect(records[4]).toMatchObject({ play: '1', started: '2024-01-02', finished: '2024-01-20', rating: '7', review: '', platforms: '' });
    expect(records[5]).toMatchObject({ play: '2', finished: '2024-06-01', rating: '8', review: '' });
    expect([records[1], records[2], records[3]].map((r) => r!.play)).toEqual(['1', '1', '2']);
  });

  it('imports its own export into another account without losing anything, and exports it again identically', async () => {
    const first = (await exportOf('ann')).body;
    const res = await importCsv('cat', first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ format: 'vgl', entries: 3, diary: 4, unmatched: 0, invalid: 0, notImported: [], skipped: 0, warnings: [] });
    expect((await exportOf('cat')).body).toBe(first);

    const [annEntry, catEntry] = [await entryOf('ann', 'the-legend-of-zelda'), await entryOf('cat', 'the-legend-of-zelda')];
    for (const field of ['status', 'rating', 'review', 'platform', 'startedOn', 'finishedOn', 'favourite', 'slug'] as const) {
      expect(catEntry[field], field).toEqual(annEntry[field]);
    }
    expect(catEntry.date).toMatchObject({ created: annEntry.date.created, reviewCreated: annEntry.date.reviewCreated });
    const strip = (list: Awaited<ReturnType<typeof diaryOf>>) => list.map(({ game, event, playedOn, replay, hours, rating, note }) => ({ game: game.slug, event, playedOn, replay, hours, rating, note }));
    expect(strip(await diaryOf('cat'))).toEqual(strip(await diaryOf('ann')));
  });

  it('carries Played, Shelved and a Beaten game’s completion level through export and import (issue 38)', async () => {
    for (const name of ['kim', 'lou']) {
      await createUser(t.db.kysely, { username: name });
      tokens[name] = await loginToken(t.app, name);
    }
    const put = (slug: string, body: object) => call('PUT', `/api/users/kim/library/${slug}`, 'kim', body);
    expect((await put('celeste', { status: 2, completion: 'complete' })).statusCode).toBe(201);
    expect((await put('doom', { status: 5 })).statusCode).toBe(201);
    expect((await put('pokemon-red', { status: 6 })).statusCode).toBe(201);
    const file = (await exportOf('kim')).body;
    const records = recordsOf(file);
    expect(records.map((r) => [r.game_slug, r.status, r.status_code, r.completion])).toEqual(
      expect.arrayContaining([
        ['celeste', 'Beaten', '2', 'complete'],
        ['doom', 'Played', '5', ''],
        ['pokemon-red', 'Shelved', '6', ''],
      ]),
    );
    expect((await importCsv('lou', file)).statusCode).toBe(200);
    expect(await entryOf('lou', 'celeste')).toMatchObject({ status: 2, completion: 'complete' });
    expect(await entryOf('lou', 'doom')).toMatchObject({ status: 5, completion: null });
    expect(await entryOf('lou', 'pokemon-red')).toMatchObject({ status: 6, completion: null });
    expect((await exportOf('lou')).body).toBe(file);

    // A level on another status is refused with the line, as the library form refuses it.
    const bad = csvOf([
      ['record_type', 'game_slug', 'status', 'completion'],
      ['library', 'doom', 'Played', 'main'],
      ['library', 'celeste', 'Beaten', 'most of it'],
    ]);
    const res = await importCsv('lou', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 2: 'completion "main" is only for a Beaten game', 3: 'completion must be main, main_extras, complete or empty, not "most of it"' });
  });

  it('imports a Backloggd-layout file with Played, Playing, Backlog and Wishlist rows each to its own status, and previews the mapping', async () => {
    await createUser(t.db.kysely, { username: 'max' });
    tokens.max = await loginToken(t.app, 'max');
    const csv = 'Title,Rating,Status\nSuper Mario World,4.0,Played\nCeleste,4.5,Playing\nHollow Knight,N/A,Backlog\nPokémon Red,0.0,Wishlist\n';
    const previewed = (await preview('max', csv)).json();
    expect(previewed.notices).toEqual([
      'Backloggd “Played” is imported as Played (1 row).',
      'Backloggd “Playing” is imported as Playing (1 row).',
      'Backloggd “Backlog” is imported as Want to play (1 row).',
      'Backloggd “Wishlist” is imported as Want to play (1 row).',
    ]);
    expect((await importCsv('max', csv)).statusCode).toBe(200);
    const entries = await Promise.all(['super-mario-world', 'celeste', 'hollow-knight', 'pokemon-red'].map((slug) => entryOf('max', slug)));
    expect(entries.map((e: { status: number; owned: boolean | null; finishedOn: string | null }) => [e.status, e.owned, e.finishedOn])).toEqual([
      [5, null, null],
      [1, null, null],
      [4, true, null],
      [4, false, null],
    ]);
  });

  it('imports the same file twice without duplicating anything', async () => {
    const file = (await exportOf('ann')).body;
    const res = await importCsv('cat', file);
    expect(res.json()).toEqual({ format: 'vgl', entries: 0, diary: 0, unmatched: 0, invalid: 0, notImported: [], skipped: 4, warnings: [] });
    expect((await exportOf('cat')).body).toBe(file);
  });

  it('escapes cells a spreadsheet would run as formulas, and reads them back as written', async () => {
    const formula = '=HYPERLINK("https://evil.example","click")';
    await call('PUT', '/api/users/ivy/library/celeste', 'ivy', { status: 2, review: formula });
    await call('POST', '/api/users/ivy/diary', 'ivy', { game: 'celeste', playedOn: '2024-02-02', event: 'played', note: '+1 for the music' });
    const file = (await exportOf('ivy')).body;
    expect(file).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    expect(file).toContain("'+1 for the music");
    expect(file).not.toMatch(/,=HYPERLINK|,"=HYPERLINK|,\+1 for/);
    expect((await importCsv('jo', file)).statusCode).toBe(200);
    expect((await entryOf('jo', 'celeste')).review).toBe(formula);
    expect((await diaryOf('jo')).find((d) => d.playedOn === '2024-02-02')?.note).toBe('+1 for the music');
    expect((await exportOf('jo')).body).toBe(file);
  });

  it('previews matched and unmatched rows and writes nothing', async () => {
    const res = await preview('dan', (await exportOf('ann')).body);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ format: 'vgl', total: 10, matched: 10, unmatched: 0, errors: [] });
    expect(body.rows[0]).toEqual({
      line: 2, kind: 'library', title: 'The Legend of Zelda', year: 1986, platforms: ['famicom', 'nes'], status: 2, rating: 8,
      playedOn: null, event: null, play: null, match: { slug: 'the-legend-of-zelda', name: 'The Legend of Zelda', year: 1986 },
      flag: null, suggestion: null, ratingNote: null, hours: null,
    });
    // The review spans lines 2 to 5, so the first diary row starts on line 6.
    expect(body.rows[1]).toMatchObject({ line: 6, kind: 'diary', playedOn: '2024-01-02', event: 'started', status: null });
    expect((await call('GET', '/api/users/dan/library', 'dan')).headers['x-total-count']).toBe('0');
    expect(await diaryOf('dan')).toEqual([]);
  });

  it('matches by IGDB id, then title and year, alternative names, and a title only one game has', async () => {
    const rows: [string, string, string, string][] = [
      ['1022', '', 'Whatever it is called', ''],
      ['', '', 'super mario world!', ''],
      ['', '', 'POKEMON RED', '1996'],
      ['', '', 'Doom', '2016'],
      ['', '', 'Doom', '1993'],
      ['', '', 'Doom', ''],
      ['', '', 'Doom', '1999'],
      ['', '', 'Zeruda no Densetsu', ''],
      ['', 'celeste', '', ''],
      ['', 'celeste', 'Hollow Knight', '2017'],
      ['', '', 'No Such Game', '2001'],
    ];
    const csv = csvOf([['record_type', 'igdb_id', 'game_slug', 'title', 'year'], ...rows.map((r) => ['library', ...r])]);
    const body = (await preview('dan', csv)).json();
    expect(body.rows.map((r: { match: { slug: string } | null }) => r.match?.slug ?? null)).toEqual([
      'the-legend-of-zelda', 'super-mario-world', 'pokemon-red', 'doom-2016', 'doom', null, null, 'the-legend-of-zelda', 'celeste', 'hollow-knight', null,
    ]);
    // Two Dooms and no year, or a year far from both: flagged with the likelier one, not taken.
    expect(body.rows[5]).toMatchObject({ flag: '2 games are called Doom; the file gives no year that tells them apart', suggestion: { slug: 'doom' } });
    expect(body.rows[6]).toMatchObject({ flag: "The file says 1999; the catalog's Doom is from 1993 (2 games have this title)", suggestion: { slug: 'doom' } });
    expect(body.rows[10]).toMatchObject({ flag: null, suggestion: null });
    expect(body).toMatchObject({ total: 11, matched: 8, flagged: 2, unmatched: 1 });
  });

  it('imports a HowLongToBeat export with its statuses, scores, platforms and dates, and reports unknown titles', async () => {
    const csv = csvOf([
      HLTB_HEADER,
      hltbRow({ Title: 'The Legend of Zelda', Platform: 'NES', Completed: 'X', 'Start Date': '2023-01-05', 'Completion Date': '2023-02-01', Progress: '10:30:00', Review: '80', 'Review Notes': 'Still great', Added: '2023-02-01 10:00:00' }),
      hltbRow({ Title: 'Celeste', Platform: 'PC', Playing: 'X', 'Start Date': '2024-03-01', Progress: '2:15:00', Review: '0' }),
      hltbRow({ Title: 'Hollow Knight', Platform: 'Nintendo Switch', Retired: 'X', 'Start Date': '2012-00-00', Progress: '--' }),
      hltbRow({ Title: 'Super Mario World', Platform: 'Super Nintendo Entertainment System', Backlog: 'X' }),
      hltbRow({ Title: 'Doom (2016)', Platform: 'PC', Completed: 'X', Review: '95' }),
      hltbRow({ Title: 'Totally Unknown Game', Platform: 'PC', Backlog: 'X' }),
    ]);
    const previewed = (await preview('erin', csv)).json();
    expect(previewed).toMatchObject({ format: 'hltb', matched: 8, unmatched: 1, errors: [] });
    expect(previewed.rows.find((r: { title: string }) => r.title === 'Totally Unknown Game')).toMatchObject({ line: 7, match: null, status: 4, platforms: ['win'] });

    const res = await importCsv('erin', csv);
    expect(res.json()).toEqual({
      format: 'hltb', entries: 5, diary: 3, unmatched: 1, invalid: 0, skipped: 0, warnings: [],
      notImported: [{ line: 7, message: 'Not in the catalog: pick the game in the preview to import it' }],
    });
    expect(await entryOf('erin', 'the-legend-of-zelda')).toMatchObject({ status: 2, rating: 8, review: 'Still great', platform: ['nes'], startedOn: '2023-01-05', finishedOn: '2023-02-01' });
    expect(await entryOf('erin', 'celeste')).toMatchObject({ status: 1, rating: null, platform: ['win'], startedOn: '2024-03-01' });
    expect(await entryOf('erin', 'hollow-knight')).toMatchObject({ status: 3, platform: ['switch'], startedOn: null });
    expect(await entryOf('erin', 'super-mario-world')).toMatchObject({ status: 4, platform: ['snes'] });
    expect(await entryOf('erin', 'doom-2016')).toMatchObject({ status: 2, rating: 10 });
    const diary = await diaryOf('erin');
    expect(diary.find((d) => d.game.slug === 'the-legend-of-zelda' && d.event === 'finished')).toMatchObject({ playedOn: '2023-02-01', hours: 10.5, rating: 8 });
  });

  it('imports a Grouvee export: shelves to statuses, 1–5 stars to half-star ratings, play-throughs to the diary', async () => {
    const csv = csvOf([
      GROUVEE_HEADER,
      grouveeRow({
        id: '1', name: 'Zeruda no Densetsu', shelves: shelf('Played'), platforms: JSON.stringify({ NES: { url: 'x' } }), rating: '4', release_date: '1986-02-21',
        dates: JSON.stringify([
          { date_started: '2020-01-01', date_finished: '2020-01-10', level_of_completion: 'Main Story', seconds_played: 18000 },
          { date_started: '2022-05-01', date_finished: '2022-05-20', level_of_completion: 'Main Story', seconds_played: 36000 },
        ]),
      }),
      grouveeRow({ id: '2', name: 'Pokemon Red', shelves: shelf('Wish List'), platforms: JSON.stringify({ 'Game Boy': { url: 'x' } }), release_date: '1996-02-27' }),
      grouveeRow({ id: '3', name: 'Sonic the Hedgehog', shelves: shelf('Playing'), rating: '3', review: 'Fast.', dates: '[]' }),
      grouveeRow({ id: '4', name: 'Doom', shelves: shelf('Backlog') }),
      grouveeRow({ id: '5', name: 'Hollow Knight', shelves: shelf('Abandoned'), release_date: '2017-02-24' }),
    ]);
    const res = await importCsv('finn', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      format: 'grouvee', entries: 4, diary: 4, unmatched: 1, invalid: 0, skipped: 0, warnings: [],
      notImported: [{ line: 5, message: '2 games are called Doom; the file gives no year that tells them apart: pick the game in the preview to import it' }],
    });
    expect(await entryOf('finn', 'the-legend-of-zelda')).toMatchObject({ status: 2, rating: 8, platform: ['nes'], startedOn: '2022-05-01', finishedOn: '2022-05-20' });
    expect(await entryOf('finn', 'pokemon-red')).toMatchObject({ status: 4, rating: null, platform: ['gb'] });
    expect(await entryOf('finn', 'sonic-the-hedgehog')).toMatchObject({ status: 1, rating: 6, review: 'Fast.' });
    expect(await entryOf('finn', 'hollow-knight')).toMatchObject({ status: 3 });
    const replays = (await diaryOf('finn')).filter((d) => d.event === 'finished').map((d) => [d.playedOn, d.replay, d.hours, d.rating]);
    expect(replays).toEqual([
      ['2022-05-20', true, 10, 8],
      ['2020-01-10', false, 5, null],
    ]);
  });

  it('rejects a file with an invalid row and writes none of its rows', async () => {
    const csv = csvOf([
      ['record_type', 'title', 'year', 'status', 'rating_stars', 'started', 'finished'],
      ['library', 'Celeste', '2018', 'Playing', '4.5', '2024-01-01', ''],
      ['library', 'Hollow Knight', '2017', 'Beaten', '3', '', ''],
      ['library', 'Super Mario World', '1990', 'Beaten', '7', '2024-02-01', '2024-01-01'],
      ['library', 'Sonic the Hedgehog', '1991', 'Loved it', '', '', ''],
    ]);
    const res = await importCsv('gus', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nothing was imported: 2 rows have problems. Line 4: Rating must be from 0.5 to 5 stars (1–10); Finished cannot be before Started');
    expect(res.json().errors).toEqual({
      4: 'Rating must be from 0.5 to 5 stars (1–10); Finished cannot be before Started',
      5: 'Status must be Playing, Beaten, Played, Shelved, Abandoned, Want to play, not "Loved it"',
    });
    expect((await call('GET', '/api/users/gus/library', 'gus')).headers['x-total-count']).toBe('0');
    const previewed = (await preview('gus', csv)).json();
    expect(previewed).toMatchObject({ total: 2, matched: 2, errors: [{ line: 4 }, { line: 5 }] });
  });

  it('keeps favourites to the limit and says which were left out', async () => {
    const slugs = ['the-legend-of-zelda', 'super-mario-world', 'pokemon-red', 'doom', 'sonic-the-hedgehog', 'celeste'];
    const csv = csvOf([['record_type', 'game_slug', 'favourite'], ...slugs.map((slug, i) => ['library', slug, i === 0 ? 'true' : String(i)])]);
    const res = await importCsv('hal', csv);
    expect(res.json()).toMatchObject({ entries: 6, warnings: [{ line: 2, message: 'The Legend of Zelda was not made a favourite: you can have up to 5 favourite games.' }] });
    expect((await entryOf('hal', 'celeste')).favourite).toBe(true);
    expect((await entryOf('hal', 'the-legend-of-zelda')).favourite).toBe(false);
  });
});
