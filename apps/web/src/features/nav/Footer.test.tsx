import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aHome, anIgdbCatalog, theEmbeddedCatalog } from '../landing/homeFixtures';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { Footer } from './Footer';

describe('site footer', () => {
  afterEach(() => vi.unstubAllGlobals());
  const footer = () => screen.getByRole('contentinfo');

  it('credits IGDB when the catalog comes from IGDB, and links the community chat and the API docs', async () => {
    stubFetch({ 'GET /api/home': { body: aHome({ catalog: anIgdbCatalog(), communityUrl: 'https://chat.example.org/invite/vgl' }) } });
    renderRoutes([at('/', <Footer />)]);
    const igdb = await within(footer()).findByRole('link', { name: 'IGDB' });
    expect(igdb.getAttribute('href')).toBe('https://www.igdb.com');
    expect(within(footer()).getByText(/Game data provided by/).textContent).toBe('Game data provided by IGDB.');
    expect(within(footer()).getByRole('link', { name: 'Join the community chat' }).getAttribute('href')).toBe('https://chat.example.org/invite/vgl');
    // Served by the server, so a plain link (a full page load), not a router link.
    expect(within(footer()).getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/api/docs');
  });

  it('credits MAME’s software lists and GameDataBase, with their licences, for the embedded catalog, and never IGDB', async () => {
    stubFetch({ 'GET /api/home': { body: aHome({ catalog: theEmbeddedCatalog() }) } });
    renderRoutes([at('/', <Footer />)]);
    const mame = await within(footer()).findByRole('link', { name: 'MAME’s software lists' });
    expect(mame.getAttribute('href')).toBe('https://www.mamedev.org/');
    expect(within(footer()).getByRole('link', { name: 'GameDataBase by PigSaint' }).getAttribute('href')).toBe('https://github.com/PigSaint/GameDataBase');
    expect(within(footer()).getByText(/Game data provided by/).textContent).toBe(
      'Game data provided by MAME’s software lists (CC0) and GameDataBase by PigSaint (CC BY 4.0).',
    );
    expect(within(footer()).queryByRole('link', { name: 'IGDB' })).toBeNull();
  });

  it('credits both while an IGDB catalog still holds games only the embedded one had', async () => {
    const both = theEmbeddedCatalog({ attribution: [...anIgdbCatalog().attribution, ...theEmbeddedCatalog().attribution] });
    stubFetch({ 'GET /api/home': { body: aHome({ catalog: both }) } });
    renderRoutes([at('/', <Footer />)]);
    await within(footer()).findByRole('link', { name: 'IGDB' });
    expect(within(footer()).getByText(/Game data provided by/).textContent).toBe(
      'Game data provided by IGDB, MAME’s software lists (CC0) and GameDataBase by PigSaint (CC BY 4.0).',
    );
  });

  it('credits no one until it knows the source', () => {
    stubFetch({});
    renderRoutes([at('/', <Footer />)]);
    expect(footer().textContent).not.toContain('Game data');
  });

  it('links no community chat when the operator has not set COMMUNITY_URL (or the server is older)', async () => {
    stubFetch({ 'GET /api/home': { body: aHome({ catalog: anIgdbCatalog(), communityUrl: null }) } });
    renderRoutes([at('/', <Footer />)]);
    await within(footer()).findByRole('link', { name: 'IGDB' });
    expect(within(footer()).queryByRole('link', { name: 'Join the community chat' })).toBeNull();
    expect(footer().innerHTML).not.toContain('discord');
    expect(within(footer()).getByRole('link', { name: 'API' })).toBeTruthy();
  });
});
