import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { GamePage } from './GamePage';
import { GamesPage } from './GamesPage';

/** Every call stays pending: what a slow link shows before any answer. */
function neverAnswer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
}

const placeholders = () => document.querySelectorAll('[data-skeleton] [aria-hidden="true"] li, [data-skeleton] [aria-hidden="true"] span');

describe('loading states: the shape of the page, in words for screen readers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/games shows a page of cover placeholders while the games load', () => {
    neverAnswer();
    renderRoutes([at('/games', <GamesPage />)], '/games');
    const status = screen.getByText('Loading games…').closest('[role="status"]')!;
    expect(status.textContent).toBe('Loading games…');
    expect(status.querySelectorAll('[aria-hidden="true"] li')).toHaveLength(24);
    expect(screen.getByRole('heading', { name: 'Games' })).toBeTruthy();
  });

  it('a game page shows its cover, title and facts placeholders while it loads', () => {
    neverAnswer();
    renderRoutes([at('/games/:slug', <GamePage />)], '/games/tetris');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading the game…');
    expect(placeholders().length).toBeGreaterThan(5);
  });
});
