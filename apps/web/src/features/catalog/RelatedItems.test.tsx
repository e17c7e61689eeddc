import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RelatedItem } from './catalogApi';
import { RelatedItems } from './RelatedItems';

const item = (kind: RelatedItem['kind'], name: string, igdb_id: number, first_release_date: number | null = null): RelatedItem => ({
  kind,
  name,
  igdb_id,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  url: `https://www.igdb.com/games/${name.toLowerCase().replace(/\W+/g, '-')}`,
  cover: null,
  first_release_date,
});

describe('RelatedItems (the game page’s "DLC and editions")', () => {
  it('lists each item with its kind, a link to IGDB and its release date', () => {
    render(<RelatedItems items={[item('edition', 'Hades Deluxe', 1), item('dlc', 'Hades: Extra Boons', 2, 1_600_000_000)]} />);
    const section = screen.getByRole('region', { name: 'DLC and editions' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['EditionHades Deluxe', 'DLCHades: Extra BoonsSep 13, 2020']);
    expect(within(rows[1]!).getByRole('link', { name: 'Hades: Extra Boons' })).toHaveProperty('href', 'https://www.igdb.com/games/hades-extra-boons');
  });

  it('links an item from Wikidata to its Wikidata page', () => {
    render(<RelatedItems items={[{ kind: 'expansion', name: 'Blood and Wine', igdb_id: null, slug: 'Q21islands', url: 'https://www.wikidata.org/wiki/Q23308839', cover: null, first_release_date: null }]} />);
    expect(screen.getByRole('link', { name: 'Blood and Wine' })).toHaveProperty('href', 'https://www.wikidata.org/wiki/Q23308839');
  });

  it('shows nothing without items', () => {
    const { container } = render(<RelatedItems items={[]} />);
    expect(container.textContent).toBe('');
  });
});
