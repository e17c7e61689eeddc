import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { NotificationRow } from '../notifications/NotificationRow';
import { aNotification } from '../notifications/notificationFixtures';

const row = (overrides: Parameters<typeof aNotification>[0]) =>
  renderRoutes([at('/', <ul>{<NotificationRow notification={aNotification({ review: null, actor: { username: 'Mod_Mary', avatar: null }, ...overrides })} viewer="Alice" now={Date.UTC(2026, 10, 22, 13)} />}</ul>)]);

describe('notifications about a game the member added', () => {
  it('approved: the game, linked, is in the catalog; the site acts, not the moderator', () => {
    row({ kind: 'submission_approved', submission: { name: 'Night Harbour', game: { slug: 'night-harbour', name: 'Night Harbour' } } });
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('A moderator added Night Harbour to the catalog: everyone can see it now.');
    expect(within(item).getByRole('link', { name: 'Night Harbour' }).getAttribute('href')).toBe('/games/night-harbour');
    expect(within(item).queryByRole('link', { name: 'Mod_Mary' })).toBeNull();
  });

  it('merged: names what was added and links the game it is now part of', () => {
    row({ kind: 'submission_merged', submission: { name: 'Tetris DX Edition', game: { slug: 'tetris', name: 'Tetris' } } });
    expect(screen.getByRole('listitem').textContent).toContain('Tetris DX Edition is now part of Tetris: your entries moved with it.');
    expect(screen.getByRole('link', { name: 'Tetris' }).getAttribute('href')).toBe('/games/tetris');
  });

  it('rejected: stays the member’s own, with the moderator’s reason', () => {
    row({ kind: 'submission_rejected', message: 'Not a video game', submission: { name: 'Spam', game: { slug: 'spam', name: 'Spam' } } });
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('A moderator did not add Spam to the catalog: it stays yours, seen only by you.');
    expect(item.textContent).toContain('Reason: Not a video game');
  });
});
