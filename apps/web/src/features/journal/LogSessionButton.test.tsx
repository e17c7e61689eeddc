import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { JOURNAL_MESSAGES, STATUS_MESSAGES, type ActivityItem } from '@vgl/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { modalStore } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { ActivitySentence } from '../activity/ActivitySentence';
import { aDiaryEntry, aGame, stubApi } from '../profile/profileFixtures';
import { LogSessionButton } from './LogSessionButton';

const hades = { slug: 'hades', name: 'Hades', platforms: [{ slug: 'win', name: 'PC (Microsoft Windows)' }, { slug: 'switch', name: 'Nintendo Switch' }] };
const withClient = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
const sent = (method: string) => {
  const call = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('logging a play session', () => {
  beforeEach(() => {
    modalStore.setState({ modals: [] });
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice_99', avatar: null, isSuspended: false, exp: 4e9 } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is offered to members only', () => {
    authStore.setState({ isAuthenticated: false, user: null });
    withClient(<LogSessionButton game={hades} />);
    expect(screen.queryByRole('button', { name: 'Log a session' })).toBeNull();
  });

  it('logs a session of the game from its page, then closes and gives focus back to the button', async () => {
    stubApi({ 'POST /api/users/alice_99/diary': { body: aDiaryEntry({ game: aGame({ name: 'Hades', slug: 'hades' }) }) } });
    withClient(<LogSessionButton game={hades} />);
    const opener = screen.getByRole('button', { name: 'Log a session' });
    fireEvent.click(opener);
    const form = screen.getByRole('form', { name: 'Log a session of Hades' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2024-03-01' } });
    fireEvent.change(within(form).getByLabelText('Hours'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Minutes'), { target: { value: '45' } });
    fireEvent.change(within(form).getByLabelText('Platform'), { target: { value: 'switch' } });
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'Got to Elysium.' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'I finished the game' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Log session' }));

    await waitFor(() => expect(modalStore.getState().modals).toEqual([]));
    expect(sent('POST')).toEqual({ game: 'hades', playedOn: '2024-03-01', event: 'finished', rating: null, note: 'Got to Elysium.', replay: false, minutes: 105, platform: 'switch' });
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Your session of Hades is in your diary.' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('shows the server’s limit on the date, and sends nothing for a day in the future', async () => {
    stubApi({});
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json({ error: 'validation_failed', statusCode: 400, message: JOURNAL_MESSAGES.sessionsPerDay, errors: { playedOn: JOURNAL_MESSAGES.sessionsPerDay } }, { status: 400 }),
    );
    withClient(<LogSessionButton game={hades} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log a session' }));
    const date = screen.getByLabelText('Date');
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log session' }));
    expect(screen.getByText('Date cannot be in the future')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(date));

    fireEvent.change(date, { target: { value: '2024-03-01' } });
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log session' }));
    expect(await screen.findByText(JOURNAL_MESSAGES.sessionsPerDay, { selector: 'p[role="alert"]' })).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(modalStore.getState().modals).toEqual([{ name: 'log-session' }]);
  });

  it('on the diary, finds the game by name first', async () => {
    stubApi({
      '/api/igdb/search': { body: [{ id: 1, name: 'Celeste', slug: 'celeste', cover: null, first_release_date: null, release_year: 2018, rating: null, platform: null }] },
      '/api/igdb/games/celeste': { body: { slug: 'celeste', name: 'Celeste', platforms: [{ slug: 'switch', name: 'Nintendo Switch', abbreviation: null }] } },
      'POST /api/users/alice_99/diary': { body: aDiaryEntry({ game: aGame({ name: 'Celeste', slug: 'celeste' }) }) },
    });
    withClient(<LogSessionButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Log a session' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log session' }));
    expect(screen.getByText('Choose a game')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Game'), { target: { value: 'cele' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Celeste 2018' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change game' }));
    await screen.findByRole('option', { name: 'Nintendo Switch' });
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'switch' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'First summit.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log session' }));
    await waitFor(() => expect(sent('POST')).toMatchObject({ game: 'celeste', platform: 'switch' }));
  });

  it('says an empty session logs nothing, on the time inputs, and sends nothing', async () => {
    stubApi({});
    withClient(<LogSessionButton game={hades} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log a session' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2024-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log session' }));
    expect(screen.getByText(STATUS_MESSAGES.emptySession, { selector: 'p[role="alert"]' })).toBeTruthy();
    expect(screen.getByLabelText('Hours').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
    expect(modalStore.getState().modals).toEqual([{ name: 'log-session' }]);
  });
});

describe('a logged session in the activity feed', () => {
  it('reads "played" and the game', () => {
    const item = { id: 1, actor: { username: 'bob', avatar: null }, verbs: ['played', 'added'], createdAt: 1, game: aGame({ name: 'Hades', slug: 'hades' }), review: null, status: 1, rating: null, targetUser: null, comment: null } as unknown as ActivityItem;
    act(() => {
      render(
        <MemoryRouter>
          <p>
            <ActivitySentence item={item} viewer="alice" />
          </p>
        </MemoryRouter>,
      );
    });
    expect(document.querySelector('p')!.textContent).toBe('added Hades as Playing and played it');
  });
});
