import type { ReviewEntry } from '@vgl/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { ReviewCard } from './ReviewCard';

// Noon UTC, so the day is the same in every time zone the tests may run in.
const NOV_22_2026 = Date.UTC(2026, 10, 22, 12);

const sampleEntry = (overrides: Partial<ReviewEntry> = {}): ReviewEntry => ({
  _id: 'entry-1',
  user: { username: 'MarioFan', avatar: 'mario.webp' },
  rating: 7,
  review: 'A **wonderful** trip.\n\n> It is dangerous to go alone',
  slug: 'the-legend-of-zelda',
  spoilers: false,
  status: 2,
  platform: ['switch', 'pc'],
  comments: 3,
  likes: 12,
  game: { cover: 'co1abc', name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', first_release_date: null, release_year: 1986 },
  date: { reviewCreated: NOV_22_2026, reviewUpdated: null, created: NOV_22_2026 - 1000, updated: NOV_22_2026 },
  ...overrides,
});

const renderCard = (node: ReactNode) => renderRoutes([at('/', node)]);

describe('ReviewCard (SPEC §2)', () => {
  beforeEach(() => {
    authStore.setState({ isAuthenticated: false, user: null });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is an article named after the game and the reviewer', () => {
    renderCard(<ReviewCard entry={sampleEntry()} />);
    expect(screen.getByRole('article', { name: 'Review of The Legend of Zelda by MarioFan' })).toBeTruthy();
  });

  it('links the game, the user (lower-cased) and shows the rating', () => {
    renderCard(<ReviewCard entry={sampleEntry()} />);
    expect(screen.getByRole('link', { name: 'The Legend of Zelda' }).getAttribute('href')).toBe('/games/the-legend-of-zelda');
    expect(screen.getByText('1986')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'MarioFan' }).getAttribute('href')).toBe('/u/mariofan');
    expect(screen.getByRole('img', { name: '3.5 out of 5 stars' })).toBeTruthy();
  });

  it('keeps a spoiler review blurred and out of reach until the reader asks', () => {
    renderCard(<ReviewCard entry={sampleEntry({ spoilers: true })} />);
    expect(screen.getByText('This review contains spoilers.')).toBeTruthy();
    // The text is there (the card keeps its size) but hidden from assistive tech and focus.
    expect(screen.getByText('wonderful').closest('[aria-hidden="true"][inert]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the review' }));
    expect(screen.getByText('wonderful').closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByText('This review contains spoilers.')).toBeNull();
  });

  it('shows platforms as chips, by name when given', () => {
    const { unmount } = renderCard(<ReviewCard entry={sampleEntry()} />);
    const chips = within(screen.getByRole('list', { name: 'Platforms' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['SWITCH', 'PC']);
    unmount();
    renderCard(<ReviewCard entry={sampleEntry()} platformNames={{ switch: 'Nintendo Switch', pc: 'PC (Windows)' }} />);
    expect(screen.getByText('Nintendo Switch')).toBeTruthy();
  });

  it('names platforms from the app\'s platform list when the page gives no names, not by their codes', async () => {
    const requests = stubFetch({
      '/api/igdb/platforms': { body: [{ slug: 'acpc', name: 'Amstrad CPC' }, { slug: 'pc', name: 'PC (Microsoft Windows)' }] },
    });
    renderCard(<ReviewCard entry={sampleEntry({ platform: ['acpc', 'pc'] })} />);
    const chip = await screen.findByText('Amstrad CPC');
    expect(chip.getAttribute('title')).toBe('Amstrad CPC');
    expect(screen.queryByText('ACPC')).toBeNull();
    expect(screen.getByText('PC (Microsoft Windows)')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname === '/api/igdb/platforms')).toHaveLength(1);
  });

  it('asks for no platform list for a review without platforms', () => {
    const requests = stubFetch({});
    renderCard(<ReviewCard entry={sampleEntry({ platform: [] })} />);
    expect(requests.filter((r) => r.url.pathname === '/api/igdb/platforms')).toEqual([]);
  });

  it('renders the body with its formatting', () => {
    const { container } = renderCard(<ReviewCard entry={sampleEntry()} />);
    expect(container.querySelector('strong')?.textContent).toBe('wonderful');
    expect(container.querySelector('blockquote')?.textContent).toBe('It is dangerous to go alone');
  });

  it('has the like button, the comment link and the dated review link', () => {
    renderCard(<ReviewCard entry={sampleEntry()} />);
    expect(screen.getByRole('button', { name: 'Log in to like, 12 likes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '3 comments' }).getAttribute('href')).toBe('/u/mariofan/reviews/the-legend-of-zelda/#comments');
    const date = screen.getByRole('link', { name: 'Nov 22, 2026' });
    expect(date.getAttribute('href')).toBe('/u/mariofan/reviews/the-legend-of-zelda');
    expect(date.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22T12:00:00.000Z');
  });

  it('says "1 comment" for one', () => {
    renderCard(<ReviewCard entry={sampleEntry({ comments: 1 })} />);
    expect(screen.getByRole('link', { name: '1 comment' })).toBeTruthy();
  });

  it('leaves out cover and title on the game page', () => {
    const { container } = renderCard(<ReviewCard entry={sampleEntry()} showGame={false} />);
    expect(screen.queryByRole('link', { name: 'The Legend of Zelda' })).toBeNull();
    expect(container.querySelector('a[href="/games/the-legend-of-zelda"]')).toBeNull();
  });

  it('shows a long review whole on the review page and collapsed elsewhere', () => {
    const review = `${'long review text '.repeat(60)}THE END`;
    const { unmount } = renderCard(<ReviewCard entry={sampleEntry({ review })} />);
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
    unmount();
    renderCard(<ReviewCard entry={sampleEntry({ review })} collapsible={false} />);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(screen.getByText(/THE END$/)).toBeTruthy();
  });

  it('without a review slug, shows the date as text and no comment link', () => {
    renderCard(<ReviewCard entry={sampleEntry({ slug: null, review: null, date: { reviewCreated: null, reviewUpdated: null, created: NOV_22_2026, updated: NOV_22_2026 } })} />);
    expect(screen.queryByRole('link', { name: /comments/ })).toBeNull();
    expect(screen.getByText('Nov 22, 2026').closest('a')).toBeNull();
  });
});
