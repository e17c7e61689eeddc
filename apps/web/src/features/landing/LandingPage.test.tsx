import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { HomePage } from './HomePage';
import { aGameCard, aHome, theEmbeddedCatalog } from './homeFixtures';

const renderHome = () => renderRoutes([at('/', <HomePage />)]);
// The page's content comes from /api/home alone; Join Now also asks who may join (one answer the nav shares).
const contentCalls = (calls: { url: URL }[]) => calls.map((c) => c.url.pathname).filter((path) => path !== '/api/registration');
const section = (name: string) => screen.getByRole('region', { name });
const hrefs = (links: HTMLElement[]) => links.map((link) => link.getAttribute('href'));

describe('the landing page for visitors (SPEC §2)', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the headline and Join Now, from a single /api/home call', async () => {
    const calls = stubFetch({ 'GET /api/home': { body: aHome() } });
    renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Track Your Gaming Journey');
    expect(screen.getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe('/auth/register');
    await screen.findByRole('heading', { name: 'Popular Reviews' });
    expect(contentCalls(calls)).toEqual(['/api/home']);
    expect(document.title).toBe('Track Your Gaming Journey');
  });

  it('words Join Now by who may join: a request in approval mode, no link when registration is closed', async () => {
    stubFetch({ 'GET /api/home': { body: aHome() }, 'GET /api/registration': { body: { mode: 'approval', memberInvites: false } } });
    const first = renderHome();
    expect((await screen.findByRole('link', { name: 'Request an account' })).getAttribute('href')).toBe('/auth/register');
    expect(screen.queryByRole('link', { name: 'Join Now' })).toBeNull();
    first.unmount();

    stubFetch({ 'GET /api/home': { body: aHome() }, 'GET /api/registration': { body: { mode: 'closed', memberInvites: false } } });
    renderHome();
    await screen.findByRole('heading', { name: 'Popular Reviews' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Join Now' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Request an account' })).toBeNull();
  });

  it('names the reviews\' platforms (not their codes) from that same answer', async () => {
    const calls = stubFetch({ 'GET /api/home': { body: aHome() } });
    renderHome();
    const chips = await screen.findAllByText('Nintendo 64');
    expect(chips.map((chip) => chip.getAttribute('title'))).toEqual(['Nintendo 64', 'Nintendo 64']);
    expect(screen.queryByText('N64')).toBeNull();
    expect(contentCalls(calls)).toEqual(['/api/home']);
  });

  it('drifts covers of real games, each a link to its page; the loop copies are hidden and unfocusable', async () => {
    stubFetch({ 'GET /api/home': { body: aHome() } });
    renderHome();
    const popular = await screen.findByRole('list', { name: 'Popular games' });
    const links = within(popular).getAllByRole('link');
    expect(links).toHaveLength(12); // trending, then browse
    expect(links[0]).toBe(within(popular).getByRole('link', { name: 'Trending 1' }));
    expect(links[0]?.getAttribute('href')).toBe('/games/trending-1');
    const upcoming = within(screen.getByRole('list', { name: 'Upcoming and featured games' })).getAllByRole('link');
    expect(upcoming).toHaveLength(12); // upcoming, then the platform of the day's
    expect(upcoming[6]?.getAttribute('href')).toBe('/games/switch-1');

    const copies = document.querySelectorAll('ul[aria-hidden="true"]');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      expect(copy.hasAttribute('inert')).toBe(true);
      for (const link of copy.querySelectorAll('a')) expect(link.getAttribute('tabindex')).toBe('-1');
    }
  });

  it('repeats a short list often enough to fill the strip, and shows each game once to screen readers', async () => {
    const three = [aGameCard(), aGameCard(), aGameCard()];
    stubFetch({ 'GET /api/home': { body: aHome({ trending: three, browse: three }) } });
    renderHome();
    const popular = await screen.findByRole('list', { name: 'Popular games' });
    expect(within(popular).getAllByRole('link')).toHaveLength(3);
    const strip = popular.parentElement!;
    expect(strip.querySelectorAll('ul[aria-hidden="true"]')).toHaveLength(4);
    expect(strip.style.getPropertyValue('--passes')).toBe('5');
  });

  it('has a button that stops the moving covers and starts them again', async () => {
    stubFetch({ 'GET /api/home': { body: aHome() } });
    renderHome();
    const strips = screen.getByRole('region', { name: 'Games on VGL' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause moving covers' }));
    expect(strips.hasAttribute('data-paused')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Play moving covers' }));
    expect(strips.hasAttribute('data-paused')).toBe(false);
  });

  it('shows the six feature cards; with IGDB synced, SPEC’s "Discover 300,000+ titles"', async () => {
    stubFetch({ 'GET /api/home': { body: aHome() } });
    renderHome();
    const cards = section('Everything you play, in one place');
    await within(cards).findByRole('heading', { name: 'Discover 300,000+ titles' });
    const features = within(cards).getAllByRole('heading', { level: 3 });
    expect(features.map((h) => h.textContent)).toEqual([
      'Organise your library',
      'Rate on a 5-star scale',
      'Write reviews',
      'Follow friends',
      'Discover 300,000+ titles',
      'Export to CSV',
    ]);
    expect(within(cards).getByText('Browse by platform, genre, theme and year, or search a database of 300,000+ games.')).toBeTruthy();
  });

  it('says what the embedded catalog holds: its real size, rounded down, and only the filters it has', async () => {
    stubFetch({ 'GET /api/home': { body: aHome({ catalog: theEmbeddedCatalog() }) } });
    renderHome();
    const cards = section('Everything you play, in one place');
    await within(cards).findByRole('heading', { name: 'Discover 50,000+ titles' });
    expect(within(cards).getByText('Browse by platform, genre, theme and year, or search a database of 50,000+ games.')).toBeTruthy();
    expect(cards.textContent).not.toContain('300,000');
  });

  it('claims no number before it knows the catalog', () => {
    stubFetch({ 'GET /api/home': () => ({ status: 503, body: { error: 'unavailable', message: 'Down', statusCode: 503 } }) });
    renderHome();
    const cards = section('Everything you play, in one place');
    expect(within(cards).getByRole('heading', { name: 'Discover new titles' })).toBeTruthy();
    expect(cards.textContent).not.toMatch(/\d{3},\d{3}/);
  });

  it('has Trending, Popular Reviews, Discover and Upcoming Releases, in that order, with their links', async () => {
    stubFetch({ 'GET /api/home': { body: aHome() } });
    renderHome();
    await screen.findByRole('heading', { name: 'Discover' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Everything you play, in one place',
      'Trending',
      'Popular Reviews',
      'Discover',
      'Upcoming Releases',
    ]);

    const trending = section('Trending');
    expect(within(trending).getByRole('link', { name: 'See all trending games' }).getAttribute('href')).toBe('/trending');
    expect(within(trending).getAllByRole('listitem')).toHaveLength(6);
    expect(within(trending).getByRole('link', { name: 'Trending 1' }).getAttribute('href')).toBe('/games/trending-1');

    const reviews = within(section('Popular Reviews')).getAllByRole('article');
    expect(reviews.map((r) => r.getAttribute('aria-label'))).toEqual(['Review of Super Mario 64 by MarioFan', 'Review of Tetris by Blocky']);

    const discover = section('Discover');
    expect(within(discover).getByText('Platform of the Day')).toBeTruthy();
    expect(within(discover).getByRole('link', { name: 'Nintendo Switch' }).getAttribute('href')).toBe('/platforms/switch');
    expect(within(discover).getByText('NX · 5,123 games')).toBeTruthy();
    expect(within(discover).getByText('Featured Selection')).toBeTruthy();
    expect(within(discover).getByRole('link', { name: '16-bit Classics' }).getAttribute('href')).toBe('/selections/16-bit-classics');
    expect(hrefs(within(within(discover).getByRole('list', { name: 'Games from Nintendo Switch' })).getAllByRole('link'))).toEqual([
      '/games/switch-1',
      '/games/switch-2',
      '/games/switch-3',
      '/games/switch-4',
    ]);

    const upcoming = section('Upcoming Releases');
    expect(within(upcoming).getByRole('link', { name: 'See all upcoming releases' }).getAttribute('href')).toBe('/upcoming');
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByRole('heading', { name: 'Browse All Games' })).toBeNull();
  });

  it('leaves out Popular Reviews without reviews, and the Featured Selection without a selection', async () => {
    stubFetch({ 'GET /api/home': { body: aHome({ reviews: [], selectionOfTheDay: null }) } });
    renderHome();
    const discover = await screen.findByRole('region', { name: 'Discover' });
    expect(screen.queryByRole('heading', { name: 'Popular Reviews' })).toBeNull();
    expect(within(discover).queryByText('Featured Selection')).toBeNull();
    expect(within(discover).getByText('Platform of the Day')).toBeTruthy();
  });

  it('loads covers eagerly only in the first strip; everything further down waits (lazy)', async () => {
    const withCover = (prefix: string) => Array.from({ length: 6 }, (_, i) => aGameCard({ name: `${prefix} ${i}`, cover: `co${prefix}${i}` }));
    stubFetch({ 'GET /api/home': { body: aHome({ trending: withCover('t'), browse: withCover('b'), upcoming: withCover('u') }) } });
    renderHome();
    const popular = await screen.findByRole('list', { name: 'Popular games' });
    const images = [...document.querySelectorAll('img')].filter((img) => img.src.includes('/t_cover_big/'));
    const eager = images.filter((img) => img.getAttribute('loading') === 'eager');
    expect(eager.length).toBe(12);
    expect(eager.every((img) => popular.contains(img))).toBe(true);
    for (const img of images) {
      expect(img.getAttribute('width')).toBe('264');
      expect(img.getAttribute('height')).toBe('374');
    }
    expect(within(section('Trending')).getAllByRole('listitem')[0]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  it('keeps the page and offers a retry when /api/home fails', async () => {
    let fail = true;
    stubFetch({ 'GET /api/home': () => (fail ? { status: 500, body: { error: 'internal', message: 'boom', statusCode: 500 } } : { body: aHome() }) });
    renderHome();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    expect(screen.getByRole('link', { name: 'Join Now' })).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Popular Reviews' })).toBeTruthy();
  });
});
