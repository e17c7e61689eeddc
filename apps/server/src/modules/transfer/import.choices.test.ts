import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

// Same-named games as the embedded catalog has them: matching must take the right one or ask.
const GAMES = [
  { name: 'Portal', slug: 'portal', year: 1986, platforms: ['amiga', 'appleii', 'dos'], popularity: 10 },
  { name: 'Tetris', slug: 'tetris', year: 1987, platforms: ['gb', 'nes', 'dos', 'amiga'], popularity: 90 },
  { name: 'Tetris', slug: 'tetris-2002', year: 2002, platforms: ['wonderswan-color'], popularity: 5 },
  { name: 'Castlevania', slug: 'castlevania', releaseDate: '1988-12-19', platforms: ['dos', 'nes'], popularity: 60 },
  { name: 'Castlevania', slug: 'castlevania-1999', year: 1999, platforms: ['gba', 'n64'], popularity: 40 },
  { name: 'Doom', slug: 'doom', releaseDate: '1994-12-09', platforms: ['dos', 'snes'], popularity: 80 },
  { name: 'Doom', slug: 'doom-2001', year: 2001, platforms: ['gba'], popularity: 20 },
  { name: 'Super Mario World', slug: 'super-mario-world', year: 1991, platforms: ['snes'], popularity: 99 },
  { name: 'Half-Life', slug: 'half-life', year: 1998, platforms: ['win'], popularity: 70 },
];

/** A Grouvee-like CSV: the columns matching reads (name, year in the release date, platforms, igdb_id). */
const csvOf = (rows: (string | number)[][]) => stringify([['record_type', 'title', 'year', 'platforms', 'status', 'rating_stars', 'igdb_id', 'review'], ...rows]);

describe.each(dbKinds)('import matching and the member’s choices on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    for (const name of ['ann', 'bob', 'cat', 'dan']) {
      await createUser(t.db.kysely, { username: name });
      tokens[name] = await loginToken(t.app, name);
    }
  });
  afterAll(() => t.close());

  const post = (user: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/users/${user}/library/${path}`, headers: bearer(tokens[user]!), payload });
  const slugsOf = async (user: string) =>
    (
      await t.db.kysely
        .selectFrom('library_entries as e')
        .innerJoin('games as g', 'g.id', 'e.game_id')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select('g.slug')
        .where('u.username', '=', user)
        .orderBy('g.slug')
        .execute()
    ).map((r) => r.slug);

  const FILE = csvOf([
    ['library', 'Portal', 2007, 'PC', 'Beaten', 5, 71, ''], // line 2: a 2007 PC game; the catalog's Portal is a 1986 Amiga game
    ['library', 'Tetris', 1989, 'gb', 'Beaten', 4, '', ''], // line 3: the Game Boy Tetris, two years after the catalog's
    ['library', 'Castlevania', 1986, 'nes', 'Abandoned', '', '', ''], // line 4: NES, 1986 in Japan
    ['library', 'Doom', 1993, 'dos', 'Beaten', 4.5, '', ''], // line 5
    ['library', 'Castlevania', '', '', 'Playing', '', '', ''], // line 6: no year, no platform: two games
    ['library', 'Castlevania', '', 'gba', 'Playing', '', '', ''], // line 7: no year, the platform tells
    ['library', 'Not A Real Game', 2001, '', 'Playing', '', '', ''], // line 8
  ]);

  it('flags a far year and a title it cannot tell apart, and takes close years and platforms', async () => {
    const res = await post('ann', 'import/preview', { csv: FILE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 7, matched: 4, flagged: 2, unmatched: 1, errorCount: 0, notices: [] });
    const byLine = new Map(body.rows.map((r: { line: number }) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ match: null, suggestion: { slug: 'portal', year: 1986 }, flag: expect.stringContaining('The file says 2007') });
    expect(byLine.get(3)).toMatchObject({ match: { slug: 'tetris' }, flag: null });
    expect(byLine.get(4)).toMatchObject({ match: { slug: 'castlevania' } });
    expect(byLine.get(5)).toMatchObject({ match: { slug: 'doom' } });
    expect(byLine.get(6)).toMatchObject({ match: null, flag: '2 games are called Castlevania; the file gives no year that tells them apart', suggestion: { slug: 'castlevania' } });
    expect(byLine.get(7)).toMatchObject({ match: { slug: 'castlevania-1999' } });
    expect(byLine.get(8)).toMatchObject({ match: null, flag: null, suggestion: null });
  });

  it('never imports a flagged row by itself, and says why each line was left out', async () => {
    const res = await post('bob', 'import', { csv: FILE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ entries: 4, unmatched: 3, invalid: 0 });
    expect(res.json().notImported).toEqual([
      { line: 2, message: expect.stringMatching(/^The file says 2007; the catalog's Portal is from 1986: pick the game/) },
      { line: 6, message: expect.stringMatching(/^2 games are called Castlevania.*: pick the game/) },
      { line: 8, message: 'Not in the catalog: pick the game in the preview to import it' },
    ]);
    expect(await slugsOf('bob')).toEqual(['castlevania', 'castlevania-1999', 'doom', 'tetris']);
  });

  it('uses the games picked in the preview, and leaves out the lines the member leaves out', async () => {
    const picks = [
      { line: 2, game: 'half-life' }, // the member's own choice for the unmatched Portal
      { line: 6, game: 'castlevania' }, // the suggestion taken
      { line: 5, game: null }, // a matched line left out
      { line: 99, game: 'doom' }, // a line the file does not have: ignored
    ];
    const preview = (await post('cat', 'import/preview', { csv: FILE, picks })).json();
    expect(preview).toMatchObject({ matched: 5, flagged: 0, unmatched: 2 });
    expect(preview.rows.find((r: { line: number }) => r.line === 2)).toMatchObject({ match: { slug: 'half-life' }, flag: null });

    const res = await post('cat', 'import', { csv: FILE, picks });
    // Lines 4 and 6 are now the same game: one entry.
    expect(res.json()).toMatchObject({ entries: 4, unmatched: 2 });
    expect(res.json().notImported).toEqual([
      { line: 5, message: 'Left out in the preview' },
      { line: 8, message: 'Not in the catalog: pick the game in the preview to import it' },
    ]);
    expect(await slugsOf('cat')).toEqual(['castlevania', 'castlevania-1999', 'half-life', 'tetris']);
  });

  it('refuses a file with problems unless the member skips them, and then says what was skipped', async () => {
    const file = csvOf([
      ['library', 'Super Mario World', 1991, 'snes', 'Beaten', 4.5, '', ''],
      ['library', 'Doom', 1994, '', 'Finished-ish', '', '', ''],
      ['library', 'Tetris', 1987, '', 'Playing', 9, '', ''],
    ]);
    const picks = [{ line: 2, game: 'no-such-game' }];
    const preview = (await post('dan', 'import/preview', { csv: file, picks })).json();
    expect(preview.errorCount).toBe(3);
    expect(preview.errors.map((e: { line: number }) => e.line).sort()).toEqual([2, 3, 4]);

    const refused = await post('dan', 'import', { csv: file, picks });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Nothing was imported: 3 rows have problems\. Line 2: The game picked for this line \(no-such-game\) is not in the catalog/);
    expect(await slugsOf('dan')).toEqual([]);

    const res = await post('dan', 'import', { csv: file, picks, skipInvalid: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ entries: 0, invalid: 3 });
    expect(res.json().notImported.map((e: { line: number }) => e.line)).toEqual([2, 3, 4]);
    expect(res.json().notImported[1].message).toMatch(/^Status must be/);

    const ok = await post('dan', 'import', { csv: file, skipInvalid: true });
    expect(ok.json()).toMatchObject({ entries: 1, invalid: 2 });
    expect(await slugsOf('dan')).toEqual(['super-mario-world']);
  });

  it('knows the platform names other trackers write', async () => {
    const file = csvOf([
      ['library', 'Super Mario World', 1991, 'Super Nintendo', 'Beaten', '', '', ''],
      ['library', 'Doom', 1994, 'Super NES;MS-DOS', 'Beaten', '', '', ''],
    ]);
    const rows = (await post('dan', 'import/preview', { csv: file })).json().rows;
    expect(rows.map((r: { platforms: string[] }) => r.platforms)).toEqual([['snes'], ['snes', 'dos']]);
  });

  it('takes "PC" for any computer when platforms break a tie (Steam sells DOS games)', async () => {
    const file = csvOf([['library', 'Doom', '', 'PC', 'Beaten', '', '', '']]);
    const rows = (await post('dan', 'import/preview', { csv: file })).json().rows;
    expect(rows[0]).toMatchObject({ match: { slug: 'doom' }, flag: null });
  });

  it('checks picks like any input', async () => {
    const res = await post('dan', 'import/preview', { csv: FILE, picks: [{ line: 0, game: 'doom' }] });
    expect(res.statusCode).toBe(400);
    const many = await post('dan', 'import/preview', { csv: FILE, picks: 'doom' });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('picks must be a list of { line, game }');
  });
});
