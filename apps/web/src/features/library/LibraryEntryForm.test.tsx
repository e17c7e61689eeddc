import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PLAY_STATUS_DESCRIPTIONS, type LibraryEntry } from '@vgl/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { modalStore, openModal } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { GameLibraryControl } from './GameLibraryControl';
import { LibraryEntryForm } from './LibraryEntryForm';

const game = {
  slug: 'hades',
  name: 'Hades',
  platforms: [
    { slug: 'win', name: 'PC (Microsoft Windows)' },
    { slug: 'switch', name: 'Nintendo Switch' },
  ],
};

const entry: LibraryEntry = {
  _id: '1',
  user: { username: 'Alice', avatar: null },
  rating: 8,
  review: 'Great runs.',
  slug: 'hades',
  spoilers: false,
  status: 2,
  platform: ['switch'],
  comments: 0,
  likes: 0,
  game: { cover: null, name: 'Hades', slug: 'hades', first_release_date: null, release_year: 2020 },
  date: { reviewCreated: 1, reviewUpdated: 1, created: 1, updated: 1 },
  startedOn: '2024-01-02',
  finishedOn: '2024-02-03',
  favourite: false,
  hours: 20,
  owned: null,
  completion: null,
  sessions: 0,
  totalHours: null,
  notes: 'Bought on the eShop sale.',
  playtimeMinutes: null,
  playtimeSource: null,
};

type Answer = { status: number; body?: unknown };
/** A fetch stub answering by "METHOD path"; records every call. */
function stubFetch(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const answer = answers[key];
    if (!answer) throw new Error(`Unexpected call ${key}`);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentBody = (fetchMock: ReturnType<typeof stubFetch>, key: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

const withClient = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

const ENTRY = '/api/users/alice/library/hades';

describe('library form on the game page', () => {
  beforeEach(() => {
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });
    modalStore.setState({ modals: [] });
    openModal('library-entry');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the status, a half-star rating, platforms, review and dates with PUT', async () => {
    const fetchMock = stubFetch({ [`PUT ${ENTRY}`]: { status: 201, body: entry } });
    withClient(<LibraryEntryForm username="Alice" game={game} entry={null} />);

    fireEvent.click(screen.getByRole('radio', { name: 'Beaten' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Main + extras' }));
    fireEvent.click(screen.getByRole('radio', { name: '3.5 stars' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nintendo Switch' }));
    fireEvent.change(screen.getByLabelText('Review'), { target: { value: '  Loved **every** run.  ' } });
    fireEvent.change(screen.getByLabelText('Started'), { target: { value: '2024-01-02' } });
    fireEvent.change(screen.getByLabelText('Finished'), { target: { value: '2024-02-03' } });
    fireEvent.change(screen.getByLabelText('Hours played'), { target: { value: '41.5' } });
    expect(screen.queryByRole('checkbox', { name: 'This is a replay' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(modalStore.getState().modals).toEqual([]));
    expect(sentBody(fetchMock, `PUT ${ENTRY}`)).toEqual({
      status: 2,
      completion: 'main_extras',
      rating: 7,
      platforms: ['switch'],
      review: 'Loved **every** run.',
      startedOn: '2024-01-02',
      finishedOn: '2024-02-03',
      favourite: false,
      replay: false,
      hours: 41.5,
      owned: null,
      notes: null,
      spoilers: false,
      reviewVisibility: 'public',
    });
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Your changes are saved successfully.' });
  });

  it('offers every status with its meaning under it, and the completion level under Beaten only', async () => {
    const fetchMock = stubFetch({ [`PUT ${ENTRY}`]: { status: 200, body: entry } });
    withClient(<LibraryEntryForm username="Alice" game={game} entry={{ ...entry, completion: 'complete' }} />);
    const statuses = within(screen.getByRole('group', { name: 'Status' })).getAllByRole('radio');
    expect(statuses.map((radio) => radio.closest('label')!.textContent)).toEqual(['No status', 'Playing', 'Beaten', 'Played', 'Shelved', 'Abandoned', 'Want to play']);
    // Each status says what it means, read out with it.
    const played = screen.getByRole('radio', { name: 'Played' });
    expect(document.getElementById(played.getAttribute('aria-describedby')!)!.textContent).toBe(PLAY_STATUS_DESCRIPTIONS[5]);
    expect(screen.getByText(PLAY_STATUS_DESCRIPTIONS[6])).toBeTruthy();
    // Beaten: the level it has is picked; another status hides the levels and sends none.
    expect((screen.getByRole('radio', { name: '100 % (completionist)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Shelved' }));
    expect(screen.queryByRole('group', { name: 'How much of it' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody(fetchMock, `PUT ${ENTRY}`)).toMatchObject({ status: 6, completion: null }));
  });

  it('marks a review as containing spoilers, and shows the mark it has', async () => {
    const fetchMock = stubFetch({ [`PUT ${ENTRY}`]: { status: 200, body: entry } });
    withClient(<LibraryEntryForm username="Alice" game={game} entry={{ ...entry, spoilers: true }} />);
    const box = screen.getByRole('checkbox', { name: 'Contains spoilers' });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody(fetchMock, `PUT ${ENTRY}`)).toMatchObject({ spoilers: false }));
  });

  it('says who can read the review: everyone, your followers or only you', async () => {
    const fetchMock = stubFetch({ [`PUT ${ENTRY}`]: { status: 200, body: entry } });
    withClient(<LibraryEntryForm username="Alice" game={game} entry={{ ...entry, reviewVisibility: 'followers' }} />);
    const who = screen.getByRole('combobox', { name: 'Who can read the review' }) as HTMLSelectElement;
    expect(who.value).toBe('followers');
    expect(Array.from(who.options).map((o) => o.textContent)).toEqual(['Everyone', 'Your followers', 'Only you']);
    fireEvent.change(who, { target: { value: 'private' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody(fetchMock, `PUT ${ENTRY}`)).toMatchObject({ reviewVisibility: 'private' }));
  });

  it('keeps a private note with its count, trimmed when sent and cleared when emptied', async () => {
    const fetchMock = stubFetch({ [`PUT ${ENTRY}`]: { status: 200, body: entry } });
    withClient(<LibraryEntryForm username="Alice" game={game} entry={entry} />);
    const notes = screen.getByLabelText('Private note') as HTMLTextAreaElement;
    expect(notes.value).toBe('Bought on the eShop sale.');
    const described = (notes.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Only you can see this.', '25 / 2,000 characters']);
    fireEvent.change(notes, { target: { value: '  Boxed copy.\n  Manual missing.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody(fetchMock, `PUT ${ENTRY}`)).toMatchObject({ notes: 'Boxed copy.\n  Manual missing.' }));
  });

  it('refuses a note over 2,000 characters before sending', () => {
    const fetchMock = stubFetch({});
    withClient(<LibraryEntryForm username="Alice" game={game} entry={entry} />);
    const notes = screen.getByLabelText('Private note');
    fireEvent.change(notes, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Private note must have at most 2,000 characters')).toBeTruthy();
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the shared rules before sending', () => {
    const fetchMock = stubFetch({});
    withClient(<LibraryEntryForm username="Alice" game={game} entry={null} />);
    fireEvent.change(screen.getByLabelText('Started'), { target: { value: '2024-05-02' } });
    fireEvent.change(screen.getByLabelText('Finished'), { target: { value: '2024-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Finished cannot be before Started')).toBeTruthy();
    expect(screen.getByLabelText('Finished').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the errors of a 400 next to their fields and its message as an alert toast', async () => {
    const message = 'You can have up to 5 favourite games.';
    stubFetch({ [`PUT ${ENTRY}`]: { status: 400, body: { error: 'bad_request', message, statusCode: 400, errors: { favourite: message, 'platforms.0': 'Unknown platform' } } } });
    withClient(<LibraryEntryForm username="Alice" game={game} entry={entry} />);
    const favourite = screen.getByRole('checkbox', { name: 'Favourite' });
    fireEvent.click(favourite);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(favourite.getAttribute('aria-invalid')).toBe('true'));
    const described = (favourite.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
    expect(screen.getByText('Unknown platform')).toBeTruthy();
    expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: message });
    expect(modalStore.getState().modals).toEqual([{ name: 'library-entry' }]);
  });

  it('puts a game to play on the backlog or the wishlist, and says so when one is chosen', async () => {
    const fetchMock = stubFetch({ [`PUT ${ENTRY}`]: { status: 200, body: entry } });
    withClient(<LibraryEntryForm username="Alice" game={game} entry={{ ...entry, status: 4, owned: null }} />);
    // Not said yet: a game to play sits in the backlog.
    const backlog = screen.getByRole('radio', { name: 'Backlog: I have it' }) as HTMLInputElement;
    const wishlist = screen.getByRole('radio', { name: "Wishlist: I don't have it yet" }) as HTMLInputElement;
    expect([backlog.checked, wishlist.checked]).toEqual([true, false]);
    expect(screen.getByRole('group', { name: 'Backlog or wishlist' })).toBeTruthy();
    fireEvent.click(wishlist);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody(fetchMock, `PUT ${ENTRY}`)).toMatchObject({ status: 4, owned: false }));
  });

  it('asks "I have this game" for other statuses, and tells the hours the diary adds up to', () => {
    stubFetch({});
    withClient(<LibraryEntryForm username="Alice" game={game} entry={{ ...entry, owned: true, sessions: 3, totalHours: 24.5 }} />);
    expect(screen.queryByRole('group', { name: 'Backlog or wishlist' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'I have this game' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Your diary has 3 entries of this game, 24.5 hours in all\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Want to play' }));
    expect((screen.getByRole('radio', { name: 'Backlog: I have it' }) as HTMLInputElement).checked).toBe(true);
  });

  it('edits an existing entry and removes it only after confirmation', async () => {
    const fetchMock = stubFetch({ [`DELETE ${ENTRY}`]: { status: 204 } });
    withClient(<LibraryEntryForm username="Alice" game={game} entry={entry} />);
    expect((screen.getByRole('radio', { name: 'Beaten' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Nintendo Switch' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'This is a replay' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove from library' }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(modalStore.getState().modals).toEqual([]));
    expect(fetchMock).toHaveBeenCalledWith(ENTRY, expect.objectContaining({ method: 'DELETE' }));
  });
});

describe('library control on the game page', () => {
  beforeEach(() => modalStore.setState({ modals: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('reads "Edit library entry" when the game is in the library and opens the filled form', async () => {
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });
    stubFetch({ [`GET ${ENTRY}`]: { status: 200, body: entry } });
    withClient(<GameLibraryControl game={game} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit library entry' }));
    expect(await screen.findByRole('button', { name: 'Remove from library' })).toBeTruthy();
    expect((screen.getByLabelText('Review') as HTMLTextAreaElement).value).toBe('Great runs.');
  });

  it('reads "Add to library" when the game is not in the library (404)', async () => {
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });
    stubFetch({ [`GET ${ENTRY}`]: { status: 404, body: { error: 'not_found', message: 'Not found', statusCode: 404 } } });
    withClient(<GameLibraryControl game={game} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to library' }).hasAttribute('disabled')).toBe(false));
  });

  it('offers a visitor the login modal instead', () => {
    authStore.setState({ isAuthenticated: false, user: null });
    const fetchMock = stubFetch({});
    withClient(<GameLibraryControl game={game} />);
    expect(screen.queryByRole('button', { name: 'Add to library' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to add this game to your library' }));
    expect(modalStore.getState().modals).toEqual([{ name: 'login' }]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
