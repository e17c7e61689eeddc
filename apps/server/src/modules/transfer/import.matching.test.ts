import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

// Issue 34's import cases, with titles as the embedded catalog has them and files in the layouts people have.

const GAMES = [
  // The catalog merged Final Fantasy VI into this entry: its name is another number.
  { name: 'Final Fantasy I: II', slug: 'final-fantasy-i-ii', releaseDate: '1994-02-27', platforms: ['nes', 'snes'], altNames: ['Final Fantasy VI'], popularity: 40 },
  { name: 'Final Fantasy VII', slug: 'final-fantasy-vii', year: 1997, platforms: ['ps'], popularity: 95 },
  { name: 'Final Fantasy II', slug: 'final-fantasy-ii', year: 1991, platforms: ['snes'], altNames: ['Final Fantasy IV'], popularity: 50 },
  { name: 'Pokémon: Blue Version', slug: 'pokemon-blue-version', year: 1998, platforms: ['gb'], altNames: ['Pocket Monsters Ao'], popularity: 90 },
  { name: 'Pokémon Red', slug: 'pokemon-red', year: 1998, platforms: ['gb'], popularity: 91 },
  { name: 'GoldenEye 007', slug: 'goldeneye-007', year: 1997, platforms: ['n64'], popularity: 85 },
  { name: 'The Legend of Zelda: Ocarina of Time', slug: 'the-legend-of-zelda-ocarina-of-time', year: 1998, platforms: ['n64'], popularity: 97 },
  { name: 'Mega Man X', slug: 'mega-man-x', year: 1993, platforms: ['snes'], popularity: 70 },
  // Two games whose titles differ only in their numerals: the spelling tells them apart.
  { name: 'Mega Man 2', slug: 'mega-man-2', year: 1988, platforms: ['nes'], popularity: 75 },
  { name: 'Mega Man II', slug: 'mega-man-ii', year: 1991, platforms: ['gb'], popularity: 35 },
  { name: 'Grand Theft Auto V', slug: 'grand-theft-auto-v', year: 2013, platforms: ['ps3'], popularity: 96 },
  { name: 'Donkey Kong Country', slug: 'donkey-kong-country', year: 1994, platforms: ['snes'], altNames: ['Super Donkey Kong'], popularity: 80 },
  { name: 'Donkey Kong Country', slug: 'donkey-kong-country-2000', year: 2000, platforms: ['gba', 'gbc'], altNames: ['Super Donkey Kong'], popularity: 30 },
  { name: 'Hollow Knight', slug: 'hollow-knight', year: 2017, platforms: ['win', 'switch'], popularity: 65 },
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], popularity: 60 },
];

/** HowLongToBeat's export columns. */
const HLTB_HEADER = [
  'Title', 'Platform', 'Playing', 'Backlog', 'Replay', 'Custom-1', 'Custom-2', 'Custom-3', 'Completed', 'Retired', 'Retired Notes',
  'Start Date', 'Completion Date', 'Playthrough', 'Progress', 'Main Story', 'Main Story Notes', 'Main + Extras', 'Main + Extras Notes',
  'Completionist', 'Completionist Notes', 'Speed Any%', 'Speed Any% Notes', 'Speed 100%', 'Speed 100% Notes', 'Co-Op', 'Multi-Player',
  'General Notes', 'Storefront', 'Review', 'Review Notes', 'Added', 'Updated',
];
const hltbCsv = (...rows: Record<string, string>[]) => stringify([HLTB_HEADER, ...rows.map((fields) => HLTB_HEADER.map((column) => fields[column] ?? ''))]);

interface PreviewRow {
  line: number;
  kind: string;
  title: string;
  status: number | null;
  match: { slug: string } | null;
  flag: string | null;
  suggestion: { slug: string } | null;
}

describe.each(dbKinds)('matching titles as people write them, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    for (const name of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay']) {
      await createUser(t.db.kysely, { username: name });
      tokens[name] = await loginToken(t.app, name);
    }
  });
  afterAll(() => t.close());

  const post = (user: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/users/${user}/library/${path}`, headers: bearer(tokens[user]!), payload });
  const preview = async (csv: string) => {
    const res = await post('ann', 'import/preview', { csv });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { format: string; matched: number; flagged: number; unmatched: number; notices: string[]; rows: PreviewRow[] };
  };
  const byTitle = (rows: PreviewRow[], title: string) => rows.find((r) => r.title === title)!;
  const entriesOf = (user: string) =>
    t.db.kysely
      .selectFrom('library_entries as e')
      .innerJoin('games as g', 'g.id', 'e.game_id')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['g.slug', 'e.status', 'e.started_on', 'e.finished_on'])
      .where('u.username', '=', user)
      .orderBy('g.slug')
      .execute();

  it('matches numerals, accents, case and alternative names as one title, and never a title of another number', async () => {
    const csv = stringify([
      ['Title', 'Rating', 'Status'],
      ['Final Fantasy VI', '5.0', 'Completed'],
      ['Final Fantasy 7', '5.0', 'Completed'],
      ['final fantasy vii', '4.5', 'Completed'],
      ['Pokemon Blue', '4.0', 'Completed'],
      ['Pocket Monsters Ao', '4.0', 'Completed'],
      ['Pokemon Red Version', '4.0', 'Completed'],
      ['Goldeneye 007', '4.5', 'Completed'],
      ['Grand Theft Auto 5', '3.0', 'Playing'],
      ['Mega Man 10', '3.0', 'Playing'],
      ['Final Fantasy IV', '4.0', 'Completed'],
      ['Mega Man II', '3.0', 'Completed'],
      ['Mega Man 2', '4.0', 'Completed'],
    ]);
    const body = await preview(csv);
    expect(body.format).toBe('backloggd');
    const rows = body.rows;
    // "Final Fantasy VI" is only another name of "Final Fantasy I: II": a pick, never "Matched".
    expect(byTitle(rows, 'Final Fantasy VI')).toMatchObject({ match: null, flag: expect.stringContaining('Final Fantasy I: II') });
    expect(byTitle(rows, 'Final Fantasy 7')).toMatchObject({ match: { slug: 'final-fantasy-vii' }, flag: null });
    expect(byTitle(rows, 'final fantasy vii')).toMatchObject({ match: { slug: 'final-fantasy-vii' } });
    expect(byTitle(rows, 'Pokemon Blue')).toMatchObject({ match: { slug: 'pokemon-blue-version' }, flag: null });
    expect(byTitle(rows, 'Pocket Monsters Ao')).toMatchObject({ match: { slug: 'pokemon-blue-version' } });
    expect(byTitle(rows, 'Pokemon Red Version')).toMatchObject({ match: { slug: 'pokemon-red' } });
    expect(byTitle(rows, 'Goldeneye 007')).toMatchObject({ match: { slug: 'goldeneye-007' } });
    expect(byTitle(rows, 'Grand Theft Auto 5')).toMatchObject({ match: { slug: 'grand-theft-auto-v' } });
    // Mega Man X is not the tenth Mega Man: a lone X stays a letter.
    expect(byTitle(rows, 'Mega Man 10')).toMatchObject({ match: null });
    // The catalog files the US "Final Fantasy II" (IV in Japan) under that number: asked, not taken.
    expect(byTitle(rows, 'Final Fantasy IV')).toMatchObject({ match: null, flag: expect.any(String), suggestion: { slug: 'final-fantasy-ii' } });
    expect(byTitle(rows, 'Mega Man II')).toMatchObject({ match: { slug: 'mega-man-ii' } });
    expect(byTitle(rows, 'Mega Man 2')).toMatchObject({ match: { slug: 'mega-man-2' } });
    expect(body).toMatchObject({ matched: 9, flagged: 2, unmatched: 1 });
  });

  it('flags a title found only loosely for a pick, with the game it nearly is', async () => {
    const csv = stringify([
      ['Title', 'Rating'],
      ['Zelda Ocarina of Time', '5.0'],
      ['007 GoldenEye', '4.0'],
    ]);
    const rows = (await preview(csv)).rows;
    expect(byTitle(rows, 'Zelda Ocarina of Time')).toMatchObject({
      match: null,
      flag: expect.stringContaining('The Legend of Zelda: Ocarina of Time'),
      suggestion: { slug: 'the-legend-of-zelda-ocarina-of-time' },
    });
    expect(byTitle(rows, '007 GoldenEye')).toMatchObject({ match: null, flag: expect.any(String), suggestion: { slug: 'goldeneye-007' } });
  });

  it('gives every row of a HowLongToBeat line the same game, and keeps its dates', async () => {
    const csv = hltbCsv({ Title: 'Donkey Kong Country', Platform: 'Super Nintendo', Completed: 'X', 'Start Date': '2023-03-01', 'Completion Date': '2023-03-20', 'Main Story': '10:00:00' });
    const body = await preview(csv);
    expect(body.rows.map((r) => [r.kind, r.match?.slug ?? null])).toEqual([
      ['library', 'donkey-kong-country'],
      ['diary', 'donkey-kong-country'],
      ['diary', 'donkey-kong-country'],
    ]);
    const res = await post('bob', 'import', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesOf('bob')).toEqual([{ slug: 'donkey-kong-country', status: 2, started_on: '2023-03-01', finished_on: '2023-03-20' }]);
    const diary = await t.db.kysely.selectFrom('diary_entries as d').innerJoin('games as g', 'g.id', 'd.game_id').select(['g.slug', 'd.event', 'd.played_on']).orderBy('d.played_on').execute();
    expect(diary).toEqual([
      { slug: 'donkey-kong-country', event: 'started', played_on: '2023-03-01' },
      { slug: 'donkey-kong-country', event: 'finished', played_on: '2023-03-20' },
    ]);
  });

  it('takes the line’s platform for all its rows when same-named games differ by platform', async () => {
    const csv = hltbCsv({ Title: 'Donkey Kong Country', Platform: 'Game Boy Advance', Completed: 'X', 'Start Date': '2021-07-01', 'Completion Date': '2021-07-09' });
    expect((await preview(csv)).rows.map((r) => r.match?.slug ?? null)).toEqual(['donkey-kong-country-2000', 'donkey-kong-country-2000', 'donkey-kong-country-2000']);
  });

  it('keeps both dates of a play-through the file gives only as diary rows', async () => {
    const csv = stringify([
      ['record_type', 'title', 'year', 'played_on', 'event'],
      ['diary', 'Hollow Knight', '2017', '2022-01-03', 'started'],
      ['diary', 'Hollow Knight', '2017', '2022-02-14', 'finished'],
    ]);
    const res = await post('eve', 'import', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesOf('eve')).toEqual([{ slug: 'hollow-knight', status: 2, started_on: '2022-01-03', finished_on: '2022-02-14' }]);
  });

  it('keeps a HowLongToBeat start date on a game still being played', async () => {
    const csv = hltbCsv({ Title: 'Celeste', Platform: 'PC', Playing: 'X', 'Start Date': '2024-02-10', 'Main Story': '03:00:00' });
    const res = await post('cat', 'import', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesOf('cat')).toEqual([{ slug: 'celeste', status: 1, started_on: '2024-02-10', finished_on: null }]);
  });

  it('imports Backloggd’s "Played" as Played, not Beaten, and says so in the preview', async () => {
    const csv = stringify([
      ['Title', 'Rating', 'Status'],
      ['Hollow Knight', '4.5', 'Played'],
      ['Celeste', '5.0', 'Completed'],
    ]);
    const body = await preview(csv);
    expect(byTitle(body.rows, 'Hollow Knight')).toMatchObject({ status: 5, match: { slug: 'hollow-knight' } });
    expect(body.notices).toEqual(['Backloggd “Played” is imported as Played (1 row).', 'Backloggd “Completed” is imported as Beaten (1 row).']);
    const rows = body.rows;
    expect(byTitle(rows, 'Celeste')).toMatchObject({ status: 2 });
    const res = await post('dan', 'import', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesOf('dan')).toEqual([
      { slug: 'celeste', status: 2, started_on: null, finished_on: null },
      { slug: 'hollow-knight', status: 5, started_on: null, finished_on: null },
    ]);
  });

  it('reads a Playnite list saved by Windows PowerShell’s Export-Csv, #TYPE line and all', async () => {
    const csv =
      '\uFEFF#TYPE Selected.Playnite.SDK.Models.Game\r\n' +
      '"Name","Source","Playtime","CompletionStatus","UserScore","LastActivity","Added","ReleaseDate","GameId"\r\n' +
      '"Hollow Knight","Steam","36000","Beaten","90","6/1/2024 9:15:00 PM","1/15/2020 10:00:00 AM","2/24/2017","367520"\r\n' +
      '"Celeste","Steam","0","Not Played","","","3/2/2019 8:30:00 PM","1/25/2018","504230"\r\n';
    const body = await preview(csv);
    expect(body).toMatchObject({ format: 'playnite', matched: 2 });
    expect(body.rows.map((r) => [r.line, r.title, r.status, r.match?.slug])).toEqual([
      [3, 'Hollow Knight', 2, 'hollow-knight'],
      [4, 'Celeste', 4, 'celeste'],
    ]);
    const res = await post('fay', 'import', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ entries: 2, unmatched: 0 });
  });
});
