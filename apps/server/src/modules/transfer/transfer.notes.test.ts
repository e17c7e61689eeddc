import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { readVglRecord } from './formats/vgl.js';
import { Cells, type LibraryImportRow } from './import.rows.js';

const NOTE = 'Storefront: GOG\n\n=Bought twice, "just in case"';
const recordsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];

/** One VGL library record with these cells, read as the import reads it. */
function readLibrary(fields: Record<string, string>) {
  const header = ['record_type', 'title', ...Object.keys(fields)];
  const cells = new Cells(new Map(header.map((name, i) => [name, i])), ['library', 'Celeste', ...Object.values(fields)]);
  return { row: readVglRecord(2, cells) as LibraryImportRow | null, errors: cells.errors };
}

describe('reading the private note and playtime of a VGL file', () => {
  it('reads notes as written, playtime hours as whole minutes, and the source in lower case', () => {
    const { row } = readLibrary({ notes: '  Keep  the box \n', playtime_hours: '1.33', playtime_source: 'Steam' });
    expect(row).toMatchObject({ notes: '  Keep  the box \n', playtimeMinutes: 80, playtimeSource: 'steam' });
  });

  it('reads an older file without the columns as no note and no playtime', () => {
    expect(readLibrary({}).row).toMatchObject({ notes: null, playtimeMinutes: null, playtimeSource: null });
  });

  it('refuses playtime that is not a number of hours from 0', () => {
    expect(readLibrary({ playtime_hours: 'lots' }).errors).toEqual(['playtime_hours must be a number, not "lots"']);
    expect(readLibrary({ playtime_hours: '-2' }).errors).toEqual(['playtime_hours must be 0 or more, not -2']);
  });
});

describe.each(dbKinds)('the private note and playtime in the VGL export on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'] }]);
    for (const name of ['ann', 'cat']) {
      await createUser(t.db.kysely, { username: name });
      tokens[name] = await loginToken(t.app, name);
    }
    expect((await call('PUT', '/api/users/ann/library/celeste', 'ann', { status: 2, notes: NOTE })).statusCode).toBe(201);
    await t.db.kysely.updateTable('library_entries').set({ playtime_minutes: 2525, playtime_source: 'steam' }).execute();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens[user]!), ...(payload ? { payload } : {}) });
  const exportOf = async (user: string) => (await call('GET', `/api/users/${user}/library/export`, user)).body;

  it('writes the note (formula-safe) and the playtime in hours with its source on the library row', async () => {
    const file = await exportOf('ann');
    expect(file).toContain(`"Storefront: GOG\n\n=Bought twice, ""just in case"""`);
    const [library] = recordsOf(file);
    expect(library).toMatchObject({ record_type: 'library', notes: NOTE, playtime_hours: '42.08', playtime_source: 'steam' });
  });

  it('imports them into the importer’s own entry, which exports them again as they were', async () => {
    const file = await exportOf('ann');
    expect((await call('POST', '/api/users/cat/library/import', 'cat', { csv: file })).statusCode).toBe(200);
    const entry = (await call('GET', '/api/users/cat/library/celeste', 'cat')).json();
    expect(entry).toMatchObject({ notes: NOTE, playtimeMinutes: 2525, playtimeSource: 'steam' });
    const library = (csv: string) => recordsOf(csv).find((r) => r.record_type === 'library');
    expect(library(await exportOf('cat'))).toMatchObject({ notes: NOTE, playtime_hours: '42.08', playtime_source: 'steam' });
  });

  it('keeps a note the CSV leaves out (an older file) when importing into an entry that has one', async () => {
    const older = stringify([['record_type', 'game_slug', 'title', 'status'], ['library', 'celeste', 'Celeste', 'Playing']]);
    expect((await call('POST', '/api/users/cat/library/import', 'cat', { csv: older })).statusCode).toBe(200);
    expect((await call('GET', '/api/users/cat/library/celeste', 'cat')).json()).toMatchObject({ status: 1, notes: NOTE });
  });
});
