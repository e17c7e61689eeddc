import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/api';
import { authStore } from '../../stores/auth';
import { toastStore } from '../../stores/toast';
import { at, renderRoutes } from '../../test/render';
import { DataSettingsPage } from './DataSettingsPage';
import type { ImportPreview } from './dataApi';

const LIBRARY = '/api/users/alice/library';
const CSV = 'Title,Status\nHades,Beaten\nNo Such Game,Playing\n';

const preview: ImportPreview = {
  format: 'vgl',
  total: 14,
  matched: 12,
  unmatched: 2,
  rows: [
    { line: 2, kind: 'library', title: 'Hades', year: 2020, platforms: ['switch'], status: 2, rating: 9, match: { slug: 'hades', name: 'Hades', year: 2020 } },
    { line: 3, kind: 'library', title: 'No Such Game', year: null, platforms: [], status: 1, rating: null, match: null },
  ],
  errors: [{ line: 7, message: 'Rating must be from 0.5 to 5 stars (1–10)' }],
};

function stubFetch(answers: Record<string, { status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${url}`];
    if (!answer) throw new Error(`Unexpected call ${init?.method ?? 'GET'} ${url}`);
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);

const renderPage = (path = '/u/alice/settings/data') => renderRoutes([at('/u/:username/settings/data', <DataSettingsPage />)], path);

function chooseFile() {
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File([CSV], 'library.csv', { type: 'text/csv' })] } });
}

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
      [`POST ${LIBRARY}/import`]: { status: 200, body: { format: 'vgl', entries: 12, diary: 5, unmatched: 2, skipped: 0 } },
    });
    renderPage();
    chooseFile();
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'vgl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('12 of 14 rows matched')).toBeTruthy();
    expect(screen.getByText('Matched')).toBeTruthy();
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(screen.getByText('Line 7: Rating must be from 0.5 to 5 stars (1–10)')).toBeTruthy();
    expect(calls(fetchMock)).toEqual([`POST ${LIBRARY}/import/preview`]);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ csv: CSV, format: 'vgl' });

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/12 library entries and 5 diary entries saved/)).toBeTruthy();
    expect(calls(fetchMock)).toEqual([`POST ${LIBRARY}/import/preview`, `POST ${LIBRARY}/import`]);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({ csv: CSV, format: 'vgl' });
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
    expect(fetchMock.mock.calls[0]![1]!.headers).toEqual({ Authorization: 'Bearer token-1' });
  });
});
