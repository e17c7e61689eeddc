import { screen, waitFor, within } from '@testing-library/react';
import type { PlayReview } from '@vgl/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { aReview } from '../../test/reviewFixtures';
import { stubApi } from '../profile/profileFixtures';
import { aPlay, aReplay } from './playFixtures';

const PLAYS = '/api/users/alice_99/library/elden-ring/plays';
const replay = aReplay({ id: 12, platform: { slug: 'ps5', name: 'PlayStation 5' }, finishedOn: '2025-04-02', completion: 'complete', hours: 96, reviewPath: '/u/alice_99/reviews/elden-ring/plays/12' });
const firstPlay = aPlay({ reviewPath: '/u/alice_99/reviews/elden-ring-2' });
const playReview = (overrides: Partial<PlayReview> = {}): PlayReview => ({
  play: replay,
  game: { slug: 'elden-ring', name: 'Elden Ring', cover: null, releaseYear: 2022 },
  user: { username: 'Alice_99', avatar: null },
  plays: 2,
  ...overrides,
});

describe('replay review pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show the replay’s review with its play, stars and spoiler blur, and lead to the main review and the game', async () => {
    stubApi({
      '/api/users/alice_99/reviews/elden-ring/plays/12': { body: playReview() },
      [PLAYS]: { body: [firstPlay, replay] },
    });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring/plays/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Elden Ring 2022' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review by Alice_99' }).getAttribute('href')).toBe('/u/alice_99');
    const facts = screen.getByText('Replay 2').parentElement!;
    expect(facts.textContent).toBe('Replay 2Started March 1, 2025 · Finished April 2, 2025 · PlayStation 5 · 100 % (completionist) · 96 hours · 3 sessions');
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('This review contains spoilers.')).toBeTruthy();
    // The main review's address is the first play's (its slug may differ from the game's).
    expect((await screen.findByRole('link', { name: 'Alice_99’s main review' })).getAttribute('href')).toBe('/u/alice_99/reviews/elden-ring-2');
    expect(screen.getByRole('link', { name: 'About Elden Ring' }).getAttribute('href')).toBe('/games/elden-ring');
    // The member's plays, this one marked as the page's.
    const history = screen.getByRole('heading', { name: 'Played 2 times' }).closest('section')!;
    const rows = within(history).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Play 1');
    expect(within(rows[0]!).getByRole('link', { name: 'Main review' }).getAttribute('href')).toBe('/u/alice_99/reviews/elden-ring-2');
    expect(rows[1]!.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Elden Ring review by Alice_99 (replay 2) | VGL'));
  });

  it('answer an unknown or unreadable replay review with the 404 screen', async () => {
    stubApi({});
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring/plays/99');
    expect(await screen.findByText("Sorry, we can't find the page you've requested.")).toBeTruthy();
  });

  it('show the main review with how many times its author played the game and a link to each replay’s review', async () => {
    stubApi({
      '/api/users/alice_99/reviews/elden-ring': { body: aReview() },
      '/api/users/alice_99/reviews/elden-ring/comments': { body: [], total: 0 },
      [PLAYS]: { body: [firstPlay, replay] },
    });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    const history = (await screen.findByRole('heading', { name: 'Played 2 times' })).closest('section')!;
    expect(within(history).getAllByRole('listitem')[0]!.getAttribute('aria-current')).toBe('page');
    expect(within(history).getByRole('link', { name: 'Review of replay 2' }).getAttribute('href')).toBe('/u/alice_99/reviews/elden-ring/plays/12');
  });

  it('say nothing of plays beside a review of a game played once', async () => {
    const requests = stubApi({
      '/api/users/alice_99/reviews/elden-ring': { body: aReview() },
      [PLAYS]: { body: [firstPlay] },
    });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    await screen.findByRole('heading', { level: 1, name: 'Elden Ring 2022' });
    await waitFor(() => expect(requests.some((url) => url.pathname === PLAYS)).toBe(true));
    expect(screen.queryByRole('heading', { name: /Played/ })).toBeNull();
  });
});
