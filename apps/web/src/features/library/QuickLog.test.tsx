import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PLAY_STATUS_DESCRIPTIONS, type LibraryEntry } from '@vgl/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/stubFetch';
import { QuickLog, entrySummary, playtimeLabel } from './QuickLog';

const entry: LibraryEntry = {
  _id: '1',
  user: { username: 'alice', avatar: null },
  rating: 8,
  review: 'Great runs.',
  slug: 'hades',
  spoilers: false,
  status: 1,
  platform: ['switch'],
  comments: 0,
  likes: 0,
  game: { cover: null, name: 'Hades', slug: 'hades', first_release_date: null, release_year: 2020 },
  date: { reviewCreated: 1, reviewUpdated: 1, created: 1, updated: 1 },
  startedOn: '2024-01-02',
  finishedOn: null,
  favourite: true,
  hours: 20,
  owned: true,
  completion: null,
  sessions: 3,
  totalHours: 14.5,
  notes: null,
  playtimeMinutes: null,
  playtimeSource: null,
};

const renderQuickLog = (current: LibraryEntry | null) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <QuickLog username="alice" slug="hades" entry={current} />
    </QueryClientProvider>,
  );
};

describe('one-click logging on the game page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what the member’s entry holds', () => {
    expect(entrySummary(entry)).toBe('Playing · 4 stars · started Jan 2, 2024 · 3 sessions, 14.5 h');
    expect(entrySummary({ ...entry, status: 4, owned: false, rating: null, sessions: 0, totalHours: null, startedOn: null, hours: null })).toBe('Want to play · on your wishlist');
  });

  it('tells the time another service counted, and where', () => {
    expect(entrySummary({ ...entry, playtimeMinutes: 2520, playtimeSource: 'steam' })).toBe('Playing · 4 stars · started Jan 2, 2024 · 3 sessions, 14.5 h · 42 h on Steam');
    expect(playtimeLabel({ playtimeMinutes: 95, playtimeSource: 'playnite' })).toBe('1 h 35 min in Playnite');
    expect(playtimeLabel({ playtimeMinutes: 600, playtimeSource: 'hltb' })).toBe('10 h on HowLongToBeat');
    expect(playtimeLabel({ playtimeMinutes: 60, playtimeSource: null })).toBe('1 h');
    expect(playtimeLabel({ playtimeMinutes: 0, playtimeSource: 'steam' })).toBeNull();
  });

  it('shows the private note behind a "Note" disclosure as plain text, never as HTML', () => {
    const notes = '<b>Storefront</b>: GOG\n\n  second paragraph';
    const { container } = renderQuickLog({ ...entry, notes });
    const disclosure = screen.getByText('Note').closest('details')!;
    expect(disclosure.open).toBe(false);
    fireEvent.click(screen.getByText('Note'));
    expect(disclosure.querySelector('p')!.textContent).toBe(notes);
    expect(container.querySelector('b')).toBeNull();
  });

  it('has no note disclosure when the entry has no note', () => {
    renderQuickLog(entry);
    expect(screen.queryByText('Note')).toBeNull();
  });

  it('never sends the note back, so a one-click save cannot wipe it', async () => {
    const requests = stubFetch({ 'PUT /api/users/alice/library/hades': ({ body }) => ({ body: { ...entry, ...(body as object), notes: 'Kept.' } }) });
    renderQuickLog({ ...entry, notes: 'Kept.' });
    fireEvent.click(screen.getByLabelText('3.5 stars'));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).not.toHaveProperty('notes');
  });

  it('saves a status at once, sending back everything else the entry has', async () => {
    const requests = stubFetch({ 'PUT /api/users/alice/library/hades': ({ body }) => ({ body: { ...entry, ...(body as object), platform: ['switch'] } }) });
    renderQuickLog(entry);
    const statuses = screen.getByRole('group', { name: 'Play status' });
    expect(within(statuses).getByRole('button', { name: 'Playing' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(statuses).getByRole('button', { name: 'Beaten' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      status: 2,
      rating: 8,
      platforms: ['switch'],
      review: 'Great runs.',
      startedOn: '2024-01-02',
      finishedOn: null,
      favourite: true,
      replay: false,
      hours: 20,
      owned: true,
    });
  });

  it('saves stars at once, also for a game not yet in the library', async () => {
    const requests = stubFetch({ 'PUT /api/users/alice/library/hades': ({ body }) => ({ status: 201, body: { ...entry, ...(body as object) } }) });
    renderQuickLog(null);
    expect(screen.queryByText(/Your entry/)).toBeNull();
    fireEvent.click(screen.getByLabelText('3.5 stars'));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ status: null, rating: 7, review: null, platforms: [] });
  });

  it('clears the status when the one set is clicked again', async () => {
    const requests = stubFetch({ 'PUT /api/users/alice/library/hades': ({ body }) => ({ body: { ...entry, ...(body as object) } }) });
    renderQuickLog(entry);
    fireEvent.click(screen.getByRole('button', { name: 'Playing' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ status: null, rating: 8 });
  });

  it('offers Played and Shelved with every status’s meaning under it', () => {
    renderQuickLog(entry);
    const buttons = within(screen.getByRole('group', { name: 'Play status' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Playing', 'Beaten', 'Played', 'Shelved', 'Abandoned', 'Want to play']);
    for (const button of buttons) expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBeTruthy();
    const shelved = screen.getByRole('button', { name: 'Shelved' });
    expect(document.getElementById(shelved.getAttribute('aria-describedby')!)!.textContent).toBe(PLAY_STATUS_DESCRIPTIONS[6]);
    // The completion level belongs to Beaten: not offered while Playing.
    expect(screen.queryByLabelText('How much of it')).toBeNull();
  });

  it('marks a game Shelved at once, never sending a completion level with it', async () => {
    const requests = stubFetch({ 'PUT /api/users/alice/library/hades': ({ body }) => ({ body: { ...entry, ...(body as object) } }) });
    renderQuickLog({ ...entry, status: 2, completion: 'main' });
    fireEvent.click(screen.getByRole('button', { name: 'Shelved' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const body = requests.find((r) => r.method === 'PUT')!.body as object;
    expect(body).toMatchObject({ status: 6 });
    expect(body).not.toHaveProperty('completion');
  });

  it('sets how much of a beaten game was done, and says it in the summary', async () => {
    const requests = stubFetch({ 'PUT /api/users/alice/library/hades': ({ body }) => ({ body: { ...entry, ...(body as object) } }) });
    renderQuickLog({ ...entry, status: 2 });
    fireEvent.change(screen.getByLabelText('How much of it'), { target: { value: 'complete' } });
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ status: 2, completion: 'complete' });
    expect(entrySummary({ ...entry, status: 2, completion: 'main_extras' })).toBe('Beaten · Main + extras · 4 stars · started Jan 2, 2024 · 3 sessions, 14.5 h');
  });
});
