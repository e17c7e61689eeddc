import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PLAY_MESSAGES, type Play } from '@vgl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { modalStore } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { stubFetch, type StubAnswer } from '../../test/stubFetch';
import { aPlay, aReplay } from './playFixtures';
import { YourPlaysControl } from './YourPlays';

const game = {
  slug: 'hades',
  name: 'Hades',
  platforms: [
    { slug: 'win', name: 'PC (Microsoft Windows)' },
    { slug: 'switch', name: 'Nintendo Switch' },
  ],
};
const ENTRY = '/api/users/alice/library/hades';
const PLAYS = `${ENTRY}/plays`;

/** The game page's plays part for Alice, whose library has Hades with these plays. */
function renderPlays(plays: Play[], answers: Record<string, StubAnswer | ((r: { body: unknown }) => StubAnswer)> = {}) {
  const requests = stubFetch({ [`GET ${ENTRY}`]: { body: { rating: plays.at(-1)?.rating ?? null } }, [`GET ${PLAYS}`]: { body: plays }, ...answers });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <YourPlaysControl game={game} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

const section = async () => (await screen.findByRole('heading', { level: 2, name: 'Your plays' })).closest('section')!;

describe('Your plays on the game page', () => {
  beforeEach(() => {
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });
    modalStore.setState({ modals: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each play with its dates, facts, stars and review, and a link to each review', async () => {
    renderPlays([aPlay(), aReplay()]);
    const plays = within(await section()).getAllByRole('listitem');
    expect(plays).toHaveLength(2);
    const [first, replay] = plays as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('Play 1');
    expect(first.textContent).toContain('Started January 2, 2024 · Finished February 3, 2024');
    expect(first.textContent).toContain('Nintendo Switch · Main story · 20.5 hours · 2 sessions');
    expect(within(first).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Read review' }).getAttribute('href')).toBe('/u/alice/reviews/hades');
    // The first play stays as long as the game is in the library: no Delete.
    expect(within(first).queryByRole('button', { name: /Delete/ })).toBeNull();

    expect(within(replay).getByRole('heading', { level: 3 }).textContent).toBe('Replay 2');
    expect(replay.textContent).toContain('Started March 1, 2025 · In progress');
    expect(within(replay).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    // Marked as spoilers: blurred until asked, as reviews are everywhere.
    expect(within(replay).getByText('This review contains spoilers.')).toBeTruthy();
    fireEvent.click(within(replay).getByRole('button', { name: 'Show the review' }));
    expect(within(replay).getByText('better').tagName).toBe('STRONG');
    expect(within(replay).getByRole('link', { name: 'Read review' }).getAttribute('href')).toBe('/u/alice/reviews/hades/plays/12');
  });

  it('says one play in one line, with no list', async () => {
    renderPlays([aPlay({ review: null, reviewPath: null })]);
    const part = await section();
    expect(within(part).queryByRole('list')).toBeNull();
    expect(part.querySelector('p')!.textContent).toContain('Play 1Started January 2, 2024 · Finished February 3, 2024 · Nintendo Switch · Main story · 20.5 hours');
    expect(within(part).queryByRole('link', { name: 'Read review' })).toBeNull();
    expect(within(part).getByRole('button', { name: 'Edit play 1' })).toBeTruthy();
    expect(within(part).getByRole('button', { name: 'Log a replay' })).toBeTruthy();
  });

  it('shows nothing for a game not in the library', async () => {
    const requests = stubFetch({});
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <YourPlaysControl game={game} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(requests.map((r) => r.url.pathname)).toEqual([ENTRY]));
    expect(screen.queryByRole('heading', { name: 'Your plays' })).toBeNull();
  });

  it('offers "Log a play" for a game in the library with no play yet (only wanted)', async () => {
    const requests = renderPlays([], { [`POST ${PLAYS}`]: { status: 201, body: aPlay({ review: null, reviewPath: null }) } });
    const part = await section();
    expect(within(part).getByText('No play logged yet.')).toBeTruthy();
    fireEvent.click(within(part).getByRole('button', { name: 'Log a play' }));
    const form = await screen.findByRole('form', { name: 'Play of Hades' });
    expect(within(form).getByText('This is the game’s main review, at its usual address.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Started'), { target: { value: '2024-01-02' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save play' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ startedOn: '2024-01-02', finishedOn: null }));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Play 1 was logged.' }));
  });

  it('logs a replay with "Log a replay": completion once Finished is set, stars, review and spoilers', async () => {
    const saved = aReplay({ id: 13, number: 2, finishedOn: '2025-04-02', completion: 'complete' });
    const requests = renderPlays([aPlay()], { [`POST ${PLAYS}`]: { status: 201, body: saved } });
    fireEvent.click(within(await section()).getByRole('button', { name: 'Log a replay' }));
    const form = await screen.findByRole('form', { name: 'Replay of Hades' });
    expect(within(form).queryByRole('group', { name: 'Completion' })).toBeNull();
    fireEvent.change(within(form).getByLabelText('Started'), { target: { value: '2025-03-01' } });
    fireEvent.change(within(form).getByLabelText('Finished'), { target: { value: '2025-04-02' } });
    fireEvent.click(within(form).getByRole('radio', { name: '100 % (completionist)' }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Platform' }), { target: { value: 'win' } });
    fireEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(form).getByLabelText('Review'), { target: { value: '  Even better.  ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Contains spoilers' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save play' }));

    await waitFor(() => expect(modalStore.getState().modals).toEqual([]));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      startedOn: '2025-03-01',
      finishedOn: '2025-04-02',
      platform: 'win',
      completion: 'complete',
      rating: 10,
      review: 'Even better.',
      spoilers: true,
    });
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Replay 2 was logged.' });
  });

  it('edits a play in the same form, filled, and saves it whole with PUT', async () => {
    const requests = renderPlays([aPlay(), aReplay()], { 'PUT /api/users/alice/plays/11': ({ body }) => ({ body: { ...aPlay(), ...(body as object) } }) });
    fireEvent.click(within(await section()).getByRole('button', { name: 'Edit play 1' }));
    const form = await screen.findByRole('form', { name: 'Play 1 of Hades' });
    expect((within(form).getByLabelText('Started') as HTMLInputElement).value).toBe('2024-01-02');
    expect((within(form).getByRole('radio', { name: 'Main story' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Review') as HTMLTextAreaElement).value).toBe('Great runs.');
    // Clearing Finished takes the completion away with it.
    fireEvent.change(within(form).getByLabelText('Finished'), { target: { value: '' } });
    expect(within(form).queryByRole('group', { name: 'Completion' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save play' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      startedOn: '2024-01-02',
      finishedOn: null,
      platform: 'switch',
      completion: null,
      rating: 8,
      review: 'Great runs.',
      spoilers: false,
    });
  });

  it("shows the server's errors by their fields, in its words", async () => {
    const message = 'Finished cannot be after today';
    renderPlays([aPlay()], { [`POST ${PLAYS}`]: { status: 400, body: { error: 'bad_request', message, statusCode: 400, errors: { finishedOn: message } } } });
    fireEvent.click(within(await section()).getByRole('button', { name: 'Log a replay' }));
    const form = await screen.findByRole('form', { name: 'Replay of Hades' });
    fireEvent.change(within(form).getByLabelText('Finished'), { target: { value: '2025-04-02' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save play' }));

    const finished = within(form).getByLabelText('Finished');
    await waitFor(() => expect(finished.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(finished.getAttribute('aria-describedby')!)!.textContent).toBe(message);
    expect(document.activeElement).toBe(finished);
    expect(modalStore.getState().modals).toEqual([{ name: 'play-form' }]);
    expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: message });
  });

  it('checks the shared rules before sending: an empty play logs nothing', async () => {
    const requests = renderPlays([aPlay()]);
    fireEvent.click(within(await section()).getByRole('button', { name: 'Log a replay' }));
    const form = await screen.findByRole('form', { name: 'Replay of Hades' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save play' }));
    expect(await within(form).findByText(PLAY_MESSAGES.empty)).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('deletes a replay after a question that says its sessions go with it', async () => {
    const requests = renderPlays([aPlay(), aReplay()], { 'DELETE /api/users/alice/plays/12': { status: 204 } });
    const part = await section();
    fireEvent.click(within(part).getByRole('button', { name: 'Delete replay 2' }));
    const question = within(part).getByRole('group', { name: /Delete replay 2\?/ });
    expect(question.textContent).toContain('Delete replay 2? Its rating, review and sessions go with it. 3 sessions in your diary.');
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/users/alice/plays/12')).toBe(true));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Replay 2 was deleted.' }));
  });
});
