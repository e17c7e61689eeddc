import { readFileSync } from 'node:fs';
import { decodeImportFile } from '@vgl/shared';
import { describe, expect, it } from 'vitest';
import { UNREADABLE_CHARACTERS_NOTICE, readImportFile } from '../import.file.js';
import type { DiaryImportRow, ImportRow, LibraryImportRow } from '../import.rows.js';
import { PLATFORM_ALIASES } from '../platform-aliases.js';

// Each format's reader on a fixture file as the settings page sends it
// (decoded by decodeImportFile), through readImportFile: no database.

const bytesOf = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const readText = (csv: string) => readImportFile({ csv, format: 'auto' });
const readFixture = (name: string) => readText(decodeImportFile(bytesOf(name)).text);

const libraryRows = (rows: ImportRow[]) => rows.filter((row): row is LibraryImportRow => row.kind === 'library');
const diaryRows = (rows: ImportRow[]) => rows.filter((row): row is DiaryImportRow => row.kind === 'diary');
const byTitle = (rows: LibraryImportRow[], title: string) => rows.find((row) => row.title === title)!;
const utc = (iso: string) => Date.parse(iso);

describe('Backloggd scrapes', () => {
  it('reads layout A (Title, Rating): half stars exactly, 0.0 as unrated', async () => {
    const file = await readFixture('backloggd-a.csv');
    expect(file).toMatchObject({ format: 'backloggd', errors: [], notices: [] });
    expect(file.rows.map((row) => [row.line, row.kind, row.title, row.rating, row.ratingNote])).toEqual([
      [2, 'library', 'Super Mario World', 10, null],
      [3, 'library', 'The Legend of Zelda', 9, null],
      [4, 'library', 'Castlevania', 7, null],
      [5, 'library', 'Doom', null, null],
      [6, 'library', 'Tetris', 8, null],
      [7, 'library', 'Sonic the Hedgehog', 6, null],
      [8, 'library', 'Portal', 9, null],
    ]);
  });

  it('reads layout B (Game, Rating as 4.5/5, N/A as unrated) behind a UTF-8 BOM', async () => {
    expect(bytesOf('backloggd-b.csv').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const file = await readFixture('backloggd-b.csv');
    expect(file).toMatchObject({ format: 'backloggd', errors: [] });
    expect(file.rows.map((row) => [row.title, row.rating])).toEqual([
      ['Super Mario World', 10],
      ['The Legend of Zelda', 9],
      ['Castlevania', null],
      ['Doom', 8],
      ['Tetris', 5],
      ['Portal', null],
    ]);
    // The server gets the text with its BOM when a client sends it as is.
    expect((await readText(`\uFEFF${decodeImportFile(bytesOf('backloggd-b.csv')).text}`)).rows).toHaveLength(6);
  });

  it('rounds a rating half stars cannot hold, says so, and refuses one past 5 stars', async () => {
    const file = await readText('Title,Rating,Status\nCeleste,3.3,Shelved\nHollow Knight,6,Played\nDoom,8/10,Wishlist\n');
    expect(libraryRows(file.rows).map((row) => [row.title, row.rating, row.ratingNote, row.status, row.owned, row.notes])).toEqual([
      ['Celeste', 7, '3.3/5', 6, null, null],
      ['Doom', 8, null, 4, false, null],
    ]);
    expect(file.errors).toEqual([{ line: 3, message: 'Rating must be from 0.5 to 5 stars, not "6"' }]);
  });

  it('takes Played and Retired as Played and Shelved as Shelved, never Beaten nor Abandoned, and shows each mapping once', async () => {
    const file = await readText(
      'Title,Rating,Status,Finished\nHollow Knight,4.5,Played,2023-05-01\nCeleste,5,Completed,2023-06-01\nTetris,4,Retired,\nDoom,3,played,\nPortal,4,Abandoned,\nHades,4,Shelved,\n',
    );
    expect(libraryRows(file.rows).map((row) => [row.title, row.status, row.finishedOn, row.notes])).toEqual([
      // Played is not finished: a finish date would count it as beaten in the stats, so the note keeps it.
      ['Hollow Knight', 5, null, 'Backloggd finish date: 2023-05-01'],
      ['Celeste', 2, '2023-06-01', 'Backloggd status: Completed'],
      ['Tetris', 5, null, 'Backloggd status: Retired'],
      ['Doom', 5, null, null],
      ['Portal', 3, null, null],
      ['Hades', 6, null, null],
    ]);
    expect(file.notices).toEqual([
      'Backloggd “Played” is imported as Played (2 rows).',
      'Backloggd “Completed” is imported as Beaten (1 row).',
      'Backloggd “Retired” is imported as Played (1 row).',
      'Backloggd “Abandoned” is imported as Abandoned (1 row).',
      'Backloggd “Shelved” is imported as Shelved (1 row).',
    ]);
  });

  it('imports a Backloggd-layout file with Played, Playing, Backlog and Wishlist rows each to its own status', async () => {
    const file = await readFixture('backloggd-statuses.csv');
    expect(file).toMatchObject({ format: 'backloggd', errors: [] });
    expect(libraryRows(file.rows).map((row) => [row.title, row.status, row.owned])).toEqual([
      ['Minecraft', 5, null],
      ['Hollow Knight', 1, null],
      ['Outer Wilds', 4, true],
      ['Elden Ring', 4, false],
    ]);
    expect(file.notices).toEqual([
      'Backloggd “Played” is imported as Played (1 row).',
      'Backloggd “Playing” is imported as Playing (1 row).',
      'Backloggd “Backlog” is imported as Want to play (1 row).',
      'Backloggd “Wishlist” is imported as Want to play (1 row).',
    ]);
  });
});

describe('a Letterboxd-style diary', () => {
  it('gives each line a diary row on its Watched Date and a library row with the rating and review', async () => {
    const file = await readFixture('letterboxd-diary.csv');
    expect(file).toMatchObject({ format: 'letterboxd', errors: [] });
    const library = libraryRows(file.rows);
    expect(library).toHaveLength(6);
    expect(byTitle(library, 'Super Mario World')).toMatchObject({
      year: 1991, rating: 10, status: 2, finishedOn: '2024-01-20', loggedAt: utc('2024-01-21T00:00:00Z'),
      review: 'Every exit, every secret.\n\nThe cape feather is still the best power-up.',
    });
    expect(byTitle(library, 'The Legend of Zelda')).toMatchObject({ rating: 9, status: null, review: null });
    expect(diaryRows(file.rows).map((row) => [row.title, row.playedOn, row.event, row.replay, row.rating, row.note])).toEqual([
      ['Super Mario World', '2024-01-20', 'finished', false, 10, 'Tags: finished, snes'],
      ['The Legend of Zelda', '2024-02-01', 'played', false, 9, 'Tags: nes'],
      ['Castlevania', '2024-03-09', 'played', false, 7, null],
      ['Tetris', '2024-04-01', 'played', true, 8, 'Tags: game boy, commute'],
      ['Doom', '2024-05-11', 'finished', false, 8, 'Tags: finished'],
      ['Portal', '2024-05-30', 'finished', false, 10, 'Tags: finished'],
    ]);
  });
});

describe('a Playnite export', () => {
  it('reads statuses, the 0–100 score, playtime in seconds, stores as owned, and the Steam id', async () => {
    const file = await readFixture('playnite.csv');
    expect(file).toMatchObject({ format: 'playnite', errors: [] });
    const library = libraryRows(file.rows);
    expect(byTitle(library, 'Portal')).toMatchObject({
      year: 2007, steamAppId: 400, rating: 10, ratingNote: '95/100', status: 2, owned: true, favourite: true, platforms: ['PC (Windows)'],
      playtimeMinutes: 180, playtimeSource: 'playnite', loggedAt: utc('2020-01-15T10:00:00Z'),
      notes: 'Storefront: Steam\n\nLast played: 2024-06-01\n\nPlayed with the developer commentary on.',
    });
    expect(byTitle(library, 'Doom')).toMatchObject({
      steamAppId: null, rating: 8, ratingNote: null, status: 2, owned: true, playtimeMinutes: 750,
      notes: 'Storefront: GOG\n\nPlaynite status: Completed\n\nLast played: 2021-11-05',
    });
    expect(byTitle(library, 'Super Mario World')).toMatchObject({ year: 1991, status: 4, owned: null, rating: null, playtimeMinutes: null, playtimeSource: null, notes: null });
    // On Hold is set aside, not given up: played, not Abandoned.
    // On Hold is set aside, meant to come back to: VGL's Shelved.
    expect(byTitle(library, 'Castlevania')).toMatchObject({ status: 6, rating: 7, playtimeMinutes: 90, notes: 'Last played: 2024-02-14\n\nStuck on the Grim Reaper.' });
    expect(byTitle(library, 'Tetris')).toMatchObject({ status: 3, rating: 6, ratingNote: '55/100', playtimeMinutes: 120, platforms: ['Nintendo Game Boy'] });
    expect(byTitle(library, 'Sonic the Hedgehog')).toMatchObject({ status: 1, steamAppId: 71113, owned: true, rating: 6, playtimeMinutes: 60 });
    expect(diaryRows(file.rows)).toEqual([]);
    expect(file.notices).toEqual([
      'Playnite “Beaten” is imported as Beaten (1 row).',
      'Playnite “Completed” is imported as Beaten (1 row).',
      'Playnite “Plan to Play” is imported as Want to play (1 row).',
      'Playnite “On Hold” is imported as Shelved (1 row).',
      'Playnite “Abandoned” is imported as Abandoned (1 row).',
      'Playnite “Playing” is imported as Playing (1 row).',
    ]);
  });

  it('skips the #TYPE line Windows PowerShell’s Export-Csv writes above the header, and numbers lines as the file does', async () => {
    const typeLine = '#TYPE Selected.Playnite.SDK.Models.Game';
    const file = await readText(`\uFEFF${typeLine}\r\n"Name";"CompletionStatus";"Playtime"\r\n"Portal";"Beaten";"5400"\r\n"Doom";"Beaten";"soon"\r\n`);
    expect(file.format).toBe('playnite');
    expect(file.rows.map((row) => [row.line, row.title, row.kind === 'library' && row.status])).toEqual([[3, 'Portal', 2]]);
    expect(file.errors).toEqual([{ line: 4, message: 'Time played must be seconds, not "soon"' }]);
    // ConvertTo-Csv writes it too, without a BOM.
    expect((await readText(`${typeLine}\n"Name","CompletionStatus"\n"Celeste","Playing"\n`)).rows).toMatchObject([{ line: 3, title: 'Celeste', status: 1 }]);
    // Played: played without finishing (issue 38).
    expect((await readText(`${typeLine}\n"Name","CompletionStatus"\n"Celeste","Played"\n`)).rows).toMatchObject([{ line: 3, title: 'Celeste', status: 5, notes: null }]);
  });

  it('reads PowerShell’s property-name columns too', async () => {
    const file = await readText('"Name","Source","ReleaseDate","Playtime","CompletionStatus","GameId"\n"Portal","Steam","2007-10-10","5400","Beaten","400"\n');
    expect(file.format).toBe('playnite');
    expect(file.rows[0]).toMatchObject({ title: 'Portal', year: 2007, steamAppId: 400, status: 2, playtimeMinutes: 90, owned: true });
    const spelled = await readText('Name,Time Played,Completion Status\nCeleste,12h 30m,Playing\nDoom,1:15,Beaten\nTetris,a while,Beaten\n');
    expect(spelled.rows.map((row) => [row.title, row.kind === 'library' && row.playtimeMinutes])).toEqual([
      ['Celeste', 750],
      ['Doom', 75],
    ]);
    expect(spelled.errors).toEqual([{ line: 4, message: 'Time played must be seconds, not "a while"' }]);
  });
});

describe('Grouvee exports', () => {
  it('reads the 20-column CSV: igdb_id, the review title as the review’s first line, status updates as the note', async () => {
    const file = await readFixture('grouvee-20.csv');
    expect(file).toMatchObject({ format: 'grouvee', errors: [] });
    const library = libraryRows(file.rows);
    expect(byTitle(library, 'Portal')).toMatchObject({
      igdbId: 71, year: 2007, rating: 10, status: 2, platforms: ['PC'], loggedAt: utc('2019-06-01T18:00:00Z'),
      review: "Now you're thinking with portals\n\nShort, funny and never wastes a room.",
      notes: 'Grouvee status: Finished it in two evenings (2019-06-02)',
    });
    expect(byTitle(library, 'Super Mario World')).toMatchObject({ igdbId: 1070, rating: 9, ratingNote: null, review: 'Cape feather forever.', platforms: ['Super Nintendo'], notes: null });
    expect(byTitle(library, 'The Legend of Zelda')).toMatchObject({
      igdbId: 1022, status: 1, rating: 8,
      notes: 'Grouvee status: Found the second dungeon (2024-03-04)\n\nGrouvee status: Lost to the Darknuts again (2024-03-10)',
    });
    expect(byTitle(library, 'Castlevania')).toMatchObject({ igdbId: null, status: 4, owned: true });
    // On the Played shelf: Portal's play-through has a finish date (Beaten), Super Mario World's last one too.
    expect(file.notices).toEqual([
      'Grouvee “Played” is imported as Beaten when a play-through is finished (2 rows).',
      'Grouvee “Playing” is imported as Playing (1 row).',
      'Grouvee “Backlog” is imported as Want to play (1 row).',
      'Grouvee “Wish List” is imported as Want to play (1 row).',
      'Grouvee “Abandoned” is imported as Abandoned (1 row).',
    ]);
    expect(byTitle(library, 'Sonic the Hedgehog')).toMatchObject({ status: 4, owned: false, platforms: ['Genesis'] });
    expect(byTitle(library, 'Doom')).toMatchObject({ status: 3, rating: 4, review: 'Too dark for me, in every sense.' });
    expect(diaryRows(file.rows).filter((row) => row.title === 'Super Mario World').map((row) => [row.playedOn, row.event, row.replay, row.hours, row.rating])).toEqual([
      ['2020-01-05', 'started', false, null, null],
      ['2020-01-19', 'finished', false, 12, null],
      ['2023-07-01', 'started', true, null, null],
      ['2023-07-09', 'finished', true, 8.5, 9],
    ]);
  });

  it('reads Grouvee’s JSON export like its CSV, each record numbered from 1', async () => {
    const file = await readFixture('grouvee.json');
    expect(file).toMatchObject({
      format: 'grouvee',
      errors: [],
      notices: [
        'Grouvee “Played” is imported as Beaten when a play-through is finished (3 rows).',
        'Grouvee “Wish List” is imported as Want to play (1 row).',
        'Grouvee “Abandoned” is imported as Abandoned (1 row).',
      ],
    });
    const library = libraryRows(file.rows);
    expect(library.map((row) => [row.line, row.title, row.igdbId, row.rating])).toEqual([
      [1, 'Portal', 71, 10],
      [2, 'Super Mario World', 1070, 9],
      [3, 'Tetris', null, 7],
      [4, 'Sonic the Hedgehog', null, null],
      [5, 'Doom', null, 4],
    ]);
    expect(byTitle(library, 'Tetris')).toMatchObject({
      year: 1989, status: 2, platforms: ['Game Boy'], review: 'Line clear\n\nStill the perfect commute game.', notes: 'Grouvee status: Hit level 9 on type A (2018-02-20)',
    });
    expect(diaryRows(file.rows).find((row) => row.title === 'Tetris' && row.event === 'finished')).toMatchObject({ line: 3, playedOn: '2018-03-01', hours: 10, rating: 7 });
  });

  it('finds the records under a top-level object and answers unreadable JSON with a 400', async () => {
    const nested = await readText(JSON.stringify({ export: { user: 'vgl', games: [{ Name: 'Celeste', Shelves: { Playing: {} }, Rating: 4.5 }] } }));
    expect(nested).toMatchObject({ format: 'grouvee', rows: [{ line: 1, title: 'Celeste', status: 1, rating: 9 }] });
    await expect(readText('[{"name": "Celeste"},')).rejects.toThrow('This JSON file cannot be read: ');
    await expect(readText('{"name": "Celeste"}')).rejects.toThrow('This JSON file holds no list of games');
    await expect(readText(' []')).rejects.toThrow('list of games is empty');
  });

  it('reads a Windows-1252 file once decoded, and flags one read as UTF-8', async () => {
    const decoded = decodeImportFile(bytesOf('grouvee-1252.csv'));
    expect(decoded).toMatchObject({ encoding: 'windows-1252', notice: expect.stringContaining('Windows-1252') });
    const file = await readText(decoded.text);
    expect(byTitle(libraryRows(file.rows), 'Pokémon Red')).toMatchObject({ rating: 8, review: 'Très bon — the 151 are still the best.', platforms: ['Game Boy'] });
    // Super Mario World is on the Played shelf with no finish date: played, not Beaten (Pokémon Red's play-through has one).
    expect(byTitle(libraryRows(file.rows), 'Super Mario World')).toMatchObject({ status: 5, finishedOn: null });
    expect(byTitle(libraryRows(file.rows), 'Pokémon Red')).toMatchObject({ status: 2, finishedOn: '2016-04-02' });
    expect(file.notices).toEqual([
      'Grouvee “Played” is imported as Beaten when a play-through is finished (1 row).',
      'Grouvee “Played” is imported as Played (1 row).',
      'Grouvee “Backlog” is imported as Want to play (1 row).',
    ]);
    const misread = await readText(new TextDecoder().decode(bytesOf('grouvee-1252.csv')));
    expect(misread.rows[0]!.title).toBe('Pok\uFFFDmon Red');
    expect(misread.notices[0]).toBe(UNREADABLE_CHARACTERS_NOTICE);
  });
});

describe('a HowLongToBeat export', () => {
  it('keeps its notes and storefront in the note, its 0–100 score as half stars, its time as playtime', async () => {
    const file = await readFixture('hltb.csv');
    expect(file).toMatchObject({ format: 'hltb', errors: [] });
    const library = libraryRows(file.rows);
    expect(byTitle(library, 'Portal')).toMatchObject({
      year: 2007, rating: 9, ratingNote: '85/100', status: 2, owned: true, review: 'Still sharp after all these years.',
      notes: 'General notes: Played with the developer commentary on.\n\nStorefront: Steam', playtimeMinutes: 190, playtimeSource: 'hltb',
    });
    expect(byTitle(library, 'Super Mario World')).toMatchObject({ rating: 10, ratingNote: null, owned: null, notes: null, playtimeMinutes: 750, platforms: ['Super Nintendo'] });
    expect(byTitle(library, 'The Legend of Zelda')).toMatchObject({ rating: null, ratingNote: null, status: 1, playtimeMinutes: 300 });
    expect(byTitle(library, 'Castlevania')).toMatchObject({ status: 3, startedOn: null, notes: 'Retired: Medusa heads, every time.', playtimeMinutes: 120 });
    expect(byTitle(library, 'Sonic the Hedgehog')).toMatchObject({ status: 4, owned: true, notes: 'General notes: From the Mega Drive collection.\n\nStorefront: Steam', playtimeMinutes: null });
    expect(byTitle(library, 'Doom')).toMatchObject({ rating: 7, ratingNote: '73/100', notes: 'Storefront: GOG', playtimeMinutes: 525 });
    expect(diaryRows(file.rows).find((row) => row.title === 'Portal' && row.event === 'finished')).toMatchObject({ playedOn: '2019-06-02', hours: 3.17, rating: 9 });
    // Completed with a Main Story time: beaten, main story.
    expect(byTitle(library, 'Portal')).toMatchObject({ completion: 'main' });
    expect(byTitle(library, 'Castlevania')).toMatchObject({ completion: null });
  });

  it('takes a Completed game’s level from the fullest time column it has, Retired as Abandoned, and shows the mapping', async () => {
    const file = await readText(
      [
        'Title,Completed,Retired,Playing,Main Story,Main + Extras,Completionist',
        'Celeste,X,,,08:00:00,,31:00:00',
        'Hades,X,,,20:00:00,45:00:00,',
        'Tetris,X,,,,,',
        'Doom,,X,,02:00:00,,',
        'Hollow Knight,,,X,,,40:00:00',
      ].join('\n'),
    );
    expect(libraryRows(file.rows).map((row) => [row.title, row.status, row.completion])).toEqual([
      ['Celeste', 2, 'complete'],
      ['Hades', 2, 'main_extras'],
      ['Tetris', 2, null],
      ['Doom', 3, null],
      // Only a beaten game has a level.
      ['Hollow Knight', 1, null],
    ]);
    expect(file.notices).toEqual([
      'HowLongToBeat “Completed” is imported as Beaten — 100 % (completionist) (1 row).',
      'HowLongToBeat “Completed” is imported as Beaten — Main + extras (1 row).',
      'HowLongToBeat “Completed” is imported as Beaten (1 row).',
      'HowLongToBeat “Retired” is imported as Abandoned (1 row).',
      'HowLongToBeat “Playing” is imported as Playing (1 row).',
    ]);
  });
});

describe('platform aliases', () => {
  it('name platforms of the catalog, by lower-case keys', () => {
    const reference = JSON.parse(readFileSync(new URL('../../../../../../data/catalog/igdb-reference.json', import.meta.url), 'utf8')) as { platforms: { slug: string }[] };
    const slugs = new Set(reference.platforms.map((platform) => platform.slug));
    for (const [name, slug] of Object.entries(PLATFORM_ALIASES)) {
      expect(name, name).toBe(name.toLowerCase());
      expect(slugs.has(slug), `${name} → ${slug}`).toBe(true);
    }
    expect(PLATFORM_ALIASES).toMatchObject({ genesis: 'genesis-slash-megadrive', 'super nintendo': 'snes', 'pc (windows)': 'win', 'xbox series x|s': 'series-x-s' });
  });
});
