import { PRODUCT } from '@vgl/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { Footer } from './Footer';

describe('site footer', () => {
  it('credits the games database and links the community chat and the API docs', () => {
    renderRoutes([at('/', <Footer />)]);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: PRODUCT.gamesDatabase.name }).getAttribute('href')).toBe(PRODUCT.gamesDatabase.url);
    expect(within(footer).getByRole('link', { name: 'Join the community chat' }).getAttribute('href')).toBe(PRODUCT.communityUrl);
    // Served by the server, so a plain link (a full page load), not a router link.
    expect(within(footer).getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/api/docs');
  });
});
