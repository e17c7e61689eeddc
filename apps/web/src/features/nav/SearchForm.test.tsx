import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { SearchForm } from './SearchForm';

const game = (id: number, name: string, release_year: number, platform: string) => ({
  _id: String(id),
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  cover: null,
  first_release_date: null,
  release_year,
  rating: null,
  platform,
});

describe('search form (SPEC §2, §5)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const setup = () => {
    const onDone = vi.fn();
    const view = renderRoutes([at('/', <SearchForm onDone={onDone} />), at('/search', <p>results</p>), at('/games/:slug', <p>game page</p>), at('/u/:username', <p>profile</p>)]);
    return { ...view, onDone, input: screen.getByPlaceholderText('Search') };
  };

  it('is focused when it opens', () => {
    const { input } = setup();
    expect(document.activeElement).toBe(input);
  });

  it('does nothing for an empty query', () => {
    const { input, router, onDone } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(router.state.location.pathname).toBe('/');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('goes to /search/?q={encoded}&p=1', () => {
    const { input, router, onDone } = setup();
    fireEvent.change(input, { target: { value: 'mario & luigi' } });
    fireEvent.submit(input.closest('form')!);
    expect(router.state.location.pathname).toBe('/search/');
    expect(router.state.location.search).toBe('?q=mario%20%26%20luigi&p=1');
    expect(onDone).toHaveBeenCalled();
  });

  describe('suggestions (an ARIA combobox)', () => {
    const answers = () =>
      stubFetch({
        '/api/igdb/search': ({ url }) => ({
          body: url.searchParams.get('q') === 'super mar' ? [game(1, 'Super Mario World', 1990, 'SNES'), game(2, 'Super Mario Bros.', 1985, 'NES')] : [],
        }),
      });

    it('waits for two characters, then lists up to six games with year and platform', async () => {
      const requests = answers();
      const { input } = setup();
      fireEvent.change(input, { target: { value: 's' } });
      await act(() => new Promise((r) => setTimeout(r, 250)));
      expect(requests).toHaveLength(0);
      expect(input.getAttribute('aria-expanded')).toBe('false');

      fireEvent.change(input, { target: { value: 'super mar' } });
      const list = await screen.findByRole('listbox', { name: 'Suggested games' });
      // The members are asked for beside the games (see below).
      expect(requests.filter((r) => r.url.pathname === '/api/igdb/search').map((r) => r.url.search)).toEqual(['?q=super+mar&p=1&limit=6']);
      expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Super Mario World1990 · SNES', 'Super Mario Bros.1985 · NES']);
      expect(input.getAttribute('aria-expanded')).toBe('true');
      expect(input.getAttribute('aria-controls')).toBe(list.id);
    });

    it('moves with the arrow keys and opens the chosen game with Enter', async () => {
      answers();
      const { input, router, onDone } = setup();
      fireEvent.change(input, { target: { value: 'super mar' } });
      await screen.findByRole('listbox');
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      fireEvent.keyDown(input, { key: 'ArrowUp' });
      const first = screen.getByRole('option', { name: /Super Mario World/ });
      expect(first.getAttribute('aria-selected')).toBe('true');
      expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
      fireEvent.submit(input.closest('form')!);
      expect(router.state.location.pathname).toBe('/games/super-mario-world');
      expect(onDone).toHaveBeenCalled();
    });

    it('still searches with Enter when no game is chosen; Escape closes the list, then the box', async () => {
      answers();
      const { input, router, onDone } = setup();
      fireEvent.change(input, { target: { value: 'super mar' } });
      await screen.findByRole('listbox');
      fireEvent.keyDown(input, { key: 'Escape' });
      expect(input.getAttribute('aria-expanded')).toBe('false');
      expect(onDone).not.toHaveBeenCalled();
      fireEvent.keyDown(input, { key: 'Escape' });
      expect(onDone).toHaveBeenCalledTimes(1);
      fireEvent.submit(input.closest('form')!);
      expect(router.state.location.pathname).toBe('/search/');
    });

    it('says first that the game may not be in the catalog when the server is unsure of what it found', async () => {
      stubFetch({ '/api/igdb/search': { body: [game(3, 'Marie Celeste', 1984, 'ZX Spectrum')], headers: { 'X-Search-Unsure': '1' } } });
      const { input } = setup();
      fireEvent.change(input, { target: { value: 'celeste' } });
      const list = await screen.findByRole('listbox', { name: 'Suggested games' });
      const note = screen.getByText('“celeste” may not be in this catalog.');
      expect(note.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Log in to add this game' })).toBeTruthy();
      expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Marie Celeste1984 · ZX Spectrum']);
    });

    describe('members', () => {
      const member = (username: string, followers: number, games: number) => ({ username, avatar: null, bio: null, followers, games, isFollowing: null });
      const withMembers = () =>
        stubFetch({
          '/api/igdb/search': ({ url }) => ({ body: url.searchParams.get('q') === 'ann' ? [game(4, 'Anno 1602', 1998, 'PC')] : [] }),
          '/api/users': ({ url }) => ({
            body: ['ann', 'annabel'].includes(url.searchParams.get('q') ?? '') ? [member('Ann_Lee', 1, 12), member('joanna', 3, 1)] : [],
            headers: { 'X-Total-Count': '2' },
          }),
        });

      it('lists up to three members under the games, with followers and games', async () => {
        const requests = withMembers();
        const { input } = setup();
        fireEvent.change(input, { target: { value: 'ann' } });
        const list = await screen.findByRole('listbox', { name: 'Suggested games and members' });
        expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
          'Anno 16021998 · PC',
          'Ann_Lee1 follower · 12 games',
          'joanna3 followers · 1 game',
        ]);
        expect(within(list).getByText('Members').getAttribute('role')).toBe('presentation');
        expect(requests.filter((r) => r.url.pathname === '/api/users').map((r) => r.url.search)).toEqual(['?q=ann&page=1&limit=3']);
      });

      it('opens a member’s profile with the arrow keys and Enter, or a click', async () => {
        withMembers();
        const { input, router, onDone } = setup();
        fireEvent.change(input, { target: { value: 'ann' } });
        await screen.findByRole('option', { name: /Ann_Lee/ });
        fireEvent.keyDown(input, { key: 'ArrowDown' });
        fireEvent.keyDown(input, { key: 'ArrowDown' });
        expect(screen.getByRole('option', { name: /Ann_Lee/ }).getAttribute('aria-selected')).toBe('true');
        fireEvent.submit(input.closest('form')!);
        expect(router.state.location.pathname).toBe('/u/ann_lee');
        expect(onDone).toHaveBeenCalled();
      });

      it('shows the members under the offer to add the game when no game is found', async () => {
        withMembers();
        const { input, router } = setup();
        fireEvent.change(input, { target: { value: 'annabel' } });
        const list = await screen.findByRole('listbox', { name: 'Suggested games and members' });
        expect(within(list).getAllByRole('option')).toHaveLength(2);
        expect(screen.getAllByRole('button', { name: 'Log in to add this game' })).toHaveLength(1);
        fireEvent.mouseDown(within(list).getByRole('option', { name: /joanna/ }));
        expect(router.state.location.pathname).toBe('/u/joanna');
      });

      it('shows only the games when member search fails', async () => {
        stubFetch({ '/api/igdb/search': { body: [game(4, 'Anno 1602', 1998, 'PC')] }, '/api/users': { status: 503, body: { error: 'overloaded', message: 'Busy', statusCode: 503 } } });
        const { input } = setup();
        fireEvent.change(input, { target: { value: 'ann' } });
        const list = await screen.findByRole('listbox', { name: 'Suggested games' });
        expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Anno 16021998 · PC']);
      });
    });

    it('opens a game on click', async () => {
      answers();
      const { input, router } = setup();
      fireEvent.change(input, { target: { value: 'super mar' } });
      fireEvent.mouseDown(await screen.findByRole('option', { name: /Super Mario Bros/ }));
      expect(router.state.location.pathname).toBe('/games/super-mario-bros-');
    });
  });
});
