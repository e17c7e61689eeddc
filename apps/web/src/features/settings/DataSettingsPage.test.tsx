import { WINDOWS_1252_NOTICE } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/api';
import { authStore } from '../../stores/auth';
import { toastStore } from '../../stores/toast';
import { at, renderRoutes } from '../../test/render';
import { DataSettingsPage } from './DataSettingsPage';
import type { ImportPreview, ImportPreviewRow, ImportResult } from './dataApi';

const LIBRARY = '/api/users/alice/library';
const CSV = 'Title,Status\nHades,Beaten\nNo Such Game,Playing\n';

const row = (line: number, fields: Partial<ImportPreviewRow>): ImportPreviewRow => ({
  line,
  kind: 'library',
  title: '',
  year: null,
  platforms: [],
  status: null,
  rating: null,
  playedOn: null,
  event: null,
  match: null,
  flag: null,
  suggestion: null,
  ratingNote: null,
  hours: null,
  ...fields,
});

const HADES = row(2, { title: 'Hades', year: 2020, platforms: ['switch'], status: 2, rating: 9, ratingNote: '85/100', hours: 41.5, match: { slug: 'hades', name: 'Hades', year: 2020 } });
const NOT_FOUND = row(3, { title: 'No Such Game', status: 1 });
const FLAGGED = row(4, {
  title: 'Doom',
  year: 1993,
  status: 2,
  flag: '3 games are called Doom; the file gives no year that tells them apart',
  suggestion: { slug: 'doom', name: 'Doom', year: 1993 },
});

const preview: ImportPreview = {
  format: 'vgl',
  total: 14,
  matched: 12,
  unmatched: 2,
  flagged: 1,
  rows: [HADES, NOT_FOUND, FLAGGED],
  errors: [],
  errorCount: 0,
  notices: [],
};
const withProblems: ImportPreview = { ...preview, errors: [{ line: 7, message: 'Rating must be from 0.5 to 5 stars (1–10)' }], errorCount: 1 };
const result: ImportResult = {
  format: 'vgl',
  entries: 12,
  diary: 5,
  unmatched: 2,
  invalid: 0,
  skipped: 0,
  notImported: [{ line: 3, message: 'No game called No Such Game in the catalog' }],
  warnings: [],
};

type Answer = { status: number; body: unknown };

/** Answers by "METHOD path" (the query string left out); GET /api/home says Steam import is available unless told otherwise. */
function stubFetch(answers: Record<string, Answer>) {
  const all: Record<string, Answer> = { 'GET /api/home': { status: 200, body: { steamImport: true } }, ...answers };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = all[`${init?.method ?? 'GET'} ${url.split('?')[0]}`];
    if (!answer) throw new Error(`Unexpected call ${init?.method ?? 'GET'} ${url}`);
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls the page made, without the footer's GET /api/home. */
const calls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url.split('?')[0]}`).filter((call) => call !== 'GET /api/home');
const sent = (fetchMock: ReturnType<typeof stubFetch>, path: string) => {
  const call = fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === path).at(-1);
  return JSON.parse(String(call![1]!.body)) as Record<string, unknown>;
};

const renderPage = (path = '/u/alice/settings/data') => renderRoutes([at('/u/:username/settings/data', <DataSettingsPage />)], path);

function chooseFile(content: BlobPart = CSV, name = 'library.csv') {
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [new File([content], name, { type: 'text/csv' })] } });
}

/** Chooses the file and previews it; resolves when the preview shows. */
async function previewFile(answer: ImportPreview = preview) {
  const fetchMock = stubFetch({
    [`POST ${LIBRARY}/import/preview`]: { status: 200, body: answer },
    [`POST ${LIBRARY}/import`]: { status: 200, body: result },
    'GET /api/igdb/search': {
      status: 200,
      body: [{ id: 9, name: 'Doom', slug: 'doom-2016', cover: null, first_release_date: null, release_year: 2016, rating: null, platform: 'PC' }],
    },
  });
  renderPage();
  chooseFile();
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText(`${answer.matched} of ${answer.total} rows matched`);
  return fetchMock;
}

const rowOf = (title: string) => screen.getByRole('cell', { name: new RegExp(`^${title}`) }).closest('tr')!;

describe('data settings page', () => {
  beforeEach(() => {
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });
    setAuthToken('token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setAuthToken(null);
  });

  it('is titled "Data settings" and is forbidden on another user\'s URL', async () => {
    stubFetch({});
    renderPage();
    expect(screen.getByRole('heading', { name: 'Your data', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Data settings | VGL'));
    document.body.innerHTML = '';
    renderPage('/u/bob/settings/data');
    expect(screen.getByRole('heading', { name: "You don't have permission to access this page." })).toBeTruthy();
  });

  it('previews the matched and unmatched rows and imports only after pressing Import', async () => {
    const fetchMock = stubFetch({
      [`POST ${LIBRARY}/import/preview`]: { status: 200, body: preview },
      [`POST ${LIBRARY}/import`]: { status: 200, body: result },
    });
    renderPage();
    chooseFile();
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'vgl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('12 of 14 rows matched')).toBeTruthy();
    expect(screen.getByText(/1 need a look, 1 not found/)).toBeTruthy();
    expect(within(rowOf('Hades')).getByText('Matched')).toBeTruthy();
    expect(within(rowOf('Hades')).getByText('4.5 / 5 (85/100, rounded)')).toBeTruthy();
    expect(within(rowOf('Hades')).getByText('41.5')).toBeTruthy();
    expect(within(rowOf('No Such Game')).getByText('Not found')).toBeTruthy();
    expect(within(rowOf('Doom')).getByText('Check')).toBeTruthy();
    expect(within(rowOf('Doom')).getByText(FLAGGED.flag!)).toBeTruthy();
    expect(calls(fetchMock)).toEqual([`POST ${LIBRARY}/import/preview`]);
    expect(sent(fetchMock, `${LIBRARY}/import/preview`)).toEqual({ csv: CSV, format: 'vgl', picks: [], skipInvalid: false });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show only rows that need a look' }));
    expect(screen.queryByRole('cell', { name: /^Hades/ })).toBeNull();
    expect(rowOf('Doom')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/12 library entries and 5 diary entries saved; 2 left out/)).toBeTruthy();
    expect(calls(fetchMock)).toEqual([`POST ${LIBRARY}/import/preview`, `POST ${LIBRARY}/import`]);
    expect(sent(fetchMock, `${LIBRARY}/import`)).toEqual({ csv: CSV, format: 'vgl', picks: [], skipInvalid: false });
    expect(screen.getByText('Line 3: No game called No Such Game in the catalog')).toBeTruthy();
  });

  it('keeps Import disabled while rows have problems, until the member ticks to skip them', async () => {
    const fetchMock = await previewFile(withProblems);
    expect(screen.getByText('Line 7: Rating must be from 0.5 to 5 stars (1–10)')).toBeTruthy();
    const importButton = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Import the 14 good rows and skip the 1 with problems' }));
    expect(importButton.disabled).toBe(false);
    fireEvent.click(importButton);
    await screen.findByText(/Import finished/);
    expect(sent(fetchMock, `${LIBRARY}/import`)).toMatchObject({ skipInvalid: true });
  });

  it('sends the game picked by search for a flagged row as a pick of its line', async () => {
    const fetchMock = await previewFile();
    fireEvent.click(within(rowOf('Doom')).getByRole('button', { name: /^Pick the game/ }));
    const search = screen.getByRole('combobox', { name: 'Pick the game for Doom' });
    fireEvent.change(search, { target: { value: 'Doom 2016' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Doom.*2016 · PC/ }));

    expect(within(rowOf('Doom')).getByText('Picked:')).toBeTruthy();
    expect(within(rowOf('Doom')).getByRole('link', { name: 'Doom (2016)' })).toBeTruthy();
    expect(screen.getByText(/1 picked by you/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText(/Import finished/);
    expect(sent(fetchMock, `${LIBRARY}/import`)).toMatchObject({ picks: [{ line: 4, game: 'doom-2016' }] });
  });

  it('uses the suggestion of a flagged row, and Undo takes the pick back', async () => {
    const fetchMock = await previewFile();
    fireEvent.click(within(rowOf('Doom')).getByRole('button', { name: 'Use Doom (1993)' }));
    expect(within(rowOf('Doom')).getByRole('link', { name: 'Doom (1993)' })).toBeTruthy();
    fireEvent.click(within(rowOf('No Such Game')).getByRole('button', { name: /^Leave out/ }));
    fireEvent.click(within(rowOf('No Such Game')).getByRole('button', { name: /^Undo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText(/Import finished/);
    expect(sent(fetchMock, `${LIBRARY}/import`)).toMatchObject({ picks: [{ line: 4, game: 'doom' }] });
  });

  it('sends game: null for a line the member leaves out', async () => {
    const fetchMock = await previewFile();
    fireEvent.click(within(rowOf('No Such Game')).getByRole('button', { name: /^Leave out/ }));
    expect(within(rowOf('No Such Game')).getByText('Left out')).toBeTruthy();
    // The pressed button is gone; the keyboard stays in the row.
    expect(document.activeElement).toBe(within(rowOf('No Such Game')).getByRole('button', { name: 'Undo for No Such Game' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText(/Import finished/);
    expect(sent(fetchMock, `${LIBRARY}/import`)).toMatchObject({ picks: [{ line: 3, game: null }] });
  });

  it('decodes a Windows-1252 file, sends its text and says how it was read', async () => {
    const fetchMock = stubFetch({ [`POST ${LIBRARY}/import/preview`]: { status: 200, body: preview } });
    renderPage();
    // "Pokémon" with é as the single byte 0xE9: not valid UTF-8.
    const bytes = new Uint8Array([...new TextEncoder().encode('Title,Status\nPok'), 0xe9, ...new TextEncoder().encode('mon,Beaten\n')]);
    chooseFile(bytes, 'windows.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(WINDOWS_1252_NOTICE)).toBeTruthy();
    expect(sent(fetchMock, `${LIBRARY}/import/preview`)).toMatchObject({ csv: 'Title,Status\nPokémon,Beaten\n' });
  });

  it('previews a Steam profile, and says in place why the server cannot read it', async () => {
    const message = 'Steam import is not set up on this server.';
    const fetchMock = stubFetch({
      [`POST ${LIBRARY}/import/steam/preview`]: { status: 503, body: { error: 'service_unavailable', message, statusCode: 503 } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'From Steam' }));
    fireEvent.change(screen.getByLabelText('Steam profile'), { target: { value: ' https://steamcommunity.com/id/alice ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(calls(fetchMock)).toEqual([`POST ${LIBRARY}/import/steam/preview`]);
    expect(sent(fetchMock, `${LIBRARY}/import/steam/preview`)).toEqual({ profile: 'https://steamcommunity.com/id/alice', picks: [], skipInvalid: false });
  });

  it('explains instead of asking for a Steam profile when the server cannot read Steam', async () => {
    stubFetch({ 'GET /api/home': { status: 200, body: { steamImport: false } } });
    renderPage();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('radio', { name: 'From Steam' }));
    expect(await screen.findByText(/This server cannot read Steam profiles/)).toBeTruthy();
    expect(screen.queryByLabelText('Steam profile')).toBeNull();
  });

  it('imports a previewed Steam library from the steam endpoint', async () => {
    const fetchMock = stubFetch({
      [`POST ${LIBRARY}/import/steam/preview`]: { status: 200, body: { ...preview, format: 'steam' } },
      [`POST ${LIBRARY}/import/steam`]: { status: 200, body: { ...result, format: 'steam' } },
    });
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'From Steam' }));
    fireEvent.change(screen.getByLabelText('Steam profile'), { target: { value: '76561197960287930' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('12 of 14 rows matched');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText(/Import finished/);
    expect(sent(fetchMock, `${LIBRARY}/import/steam`)).toEqual({ profile: '76561197960287930', picks: [], skipInvalid: false });
  });

  it('shows what it is doing while the server matches the rows', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderPage();
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Matching 2 rows (1 KB)…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Matching 2 rows (1 KB)…' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);
    answer(new Response(JSON.stringify(preview), { status: 200 }));
    expect(await screen.findByText('12 of 14 rows matched')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's message as an alert toast when the preview fails", async () => {
    const message = 'This does not look like a CSV file.';
    stubFetch({ [`POST ${LIBRARY}/import/preview`]: { status: 400, body: { error: 'bad_request', message, statusCode: 400, errors: {} } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: message }));
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('downloads the export with the bearer token as vgl-{username}-{date}.csv', async () => {
    const fetchMock = stubFetch({ [`GET ${LIBRARY}/export`]: { status: 200, body: CSV } });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^vgl-alice-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(fetchMock.mock.calls.find(([url]) => url === `${LIBRARY}/export`)![1]!.headers).toEqual({ Authorization: 'Bearer token-1' });
  });
});
