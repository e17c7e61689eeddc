import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderRoutes } from '../test/render';
import { Pagination } from './Pagination';

const TOTAL = 58_296; // 2,429 pages of 24

function pager(path: string, total = TOTAL) {
  renderRoutes([at('/games', <Pagination page={Number(new URL(path, 'http://x').searchParams.get('p') ?? 1)} total={total} />)], path);
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  const links = within(nav).getAllByRole('link');
  return {
    names: links.map((l) => l.getAttribute('aria-label') ?? l.textContent),
    href: (name: string) => within(nav).getByRole('link', { name }).getAttribute('href'),
    current: within(nav).getByText((_, el) => el?.getAttribute('aria-current') === 'page').textContent,
  };
}

describe('Pagination (SPEC §9 window, with First and Last)', () => {
  it('offers Last, with its number, while the window does not reach the last page', () => {
    const { names, href } = pager('/games?platform=nes');
    expect(names).toEqual(['Page 2', 'Page 3', 'Page 4', 'Page 5', 'Next', 'Last page, 2,429']);
    expect(href('Last page, 2,429')).toBe('/games?platform=nes&p=2429');
  });

  it('offers First and Last around current ±2 in the middle', () => {
    const { names, href, current } = pager('/games?p=1200');
    expect(names).toEqual(['First page, 1', 'Previous', 'Page 1198', 'Page 1199', 'Page 1201', 'Page 1202', 'Next', 'Last page, 2,429']);
    expect(current).toBe('1200');
    expect(href('First page, 1')).toBe('/games?p=1');
  });

  it('offers First but not Last among the last five pages', () => {
    const { names } = pager('/games?p=2428');
    expect(names).toEqual(['First page, 1', 'Previous', 'Page 2425', 'Page 2426', 'Page 2427', 'Page 2429', 'Next']);
  });

  it('needs neither when every page is in the window', () => {
    const { names } = pager('/games?p=2', 24 * 5);
    expect(names).toEqual(['Previous', 'Page 1', 'Page 3', 'Page 4', 'Page 5', 'Next']);
  });
});
