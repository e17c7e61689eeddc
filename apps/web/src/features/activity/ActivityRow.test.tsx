import type { ActivityItem } from '@vgl/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { anActivity, celeste } from './activityFixtures';
import { ActivityRow } from './ActivityRow';

const now = Date.UTC(2026, 10, 22, 14);

/** The text a screen reader speaks: images by their label. */
function readable(node: Node): string {
  if (node instanceof Element && node.getAttribute('role') === 'img') return node.getAttribute('aria-label') ?? '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return [...node.childNodes].map(readable).join('');
}

function renderItem(item: ActivityItem) {
  renderRoutes([at('/', <ol><ActivityRow item={item} now={now} viewer="Dana" /></ol>)]);
  const row = screen.getByRole('listitem');
  return { row, sentence: readable(row.querySelector('p')!) };
}

const bob = { username: 'Bob', avatar: null };
const hrefOf = (row: HTMLElement, name: string | RegExp) => within(row).getByRole('link', { name }).getAttribute('href');

describe('activity item sentences', () => {
  it.each<[string, Partial<ActivityItem>, string]>([
    ['an added game', { verbs: ['added'] }, 'Alice added Celeste'],
    ['a status', { verbs: ['status'], status: 2 }, 'Alice marked Celeste as Beaten'],
    ['Played', { verbs: ['status'], status: 5 }, 'Alice marked Celeste as Played'],
    ['Shelved', { verbs: ['status'], status: 6 }, 'Alice marked Celeste as Shelved'],
    ['added as Shelved', { verbs: ['added'], status: 6 }, 'Alice added Celeste as Shelved'],
    ['a rating', { verbs: ['rated'], rating: 9 }, 'Alice rated Celeste 4.5 out of 5 stars'],
    ['a review', { verbs: ['reviewed'], review: { username: 'Alice', slug: 'celeste' } }, 'Alice reviewed Celeste'],
    ['status then rating', { verbs: ['rated', 'status'], status: 1, rating: 10 }, 'Alice marked Celeste as Playing and rated it 5 out of 5 stars'],
    [
      'added, rated and reviewed',
      { verbs: ['reviewed', 'rated', 'added'], rating: 7, review: { username: 'Alice', slug: 'celeste' } },
      'Alice added Celeste, rated it 3.5 out of 5 stars and reviewed it',
    ],
    [
      'all four game verbs',
      { verbs: ['reviewed', 'rated', 'status', 'added'], status: 4, rating: 8, review: { username: 'Alice', slug: 'celeste' } },
      'Alice added Celeste, marked it as Want to play, rated it 4 out of 5 stars and reviewed it',
    ],
    ['a liked review', { verbs: ['liked'], review: { username: 'Bob', slug: 'celeste' } }, "Alice liked Bob's review of Celeste"],
    [
      'a comment',
      { verbs: ['commented'], review: { username: 'Bob', slug: 'celeste' }, comment: { id: 5, excerpt: 'So true.' } },
      "Alice commented on Bob's review of Celeste: “So true.”",
    ],
    ['a follow', { verbs: ['followed'], game: null, targetUser: bob }, 'Alice followed Bob'],
    ["the reader's review", { verbs: ['liked'], review: { username: 'dana', slug: 'celeste' } }, 'Alice liked your review of Celeste'],
    ['the reader followed', { verbs: ['followed'], game: null, targetUser: { username: 'Dana', avatar: null } }, 'Alice followed you'],
  ])('reads naturally for %s', (_, overrides, expected) => {
    expect(renderItem(anActivity(overrides)).sentence).toBe(expected);
  });

  it('shows a rating as small stars with a text alternative', () => {
    const { row } = renderItem(anActivity({ verbs: ['rated'], rating: 7 }));
    const stars = within(row).getByRole('img', { name: '3.5 out of 5 stars' });
    expect(stars.querySelector('svg')!.getAttribute('width')).toBe('10');
  });

  it('links the actor, the game and the own review, with a short date', () => {
    const { row } = renderItem(anActivity({ verbs: ['reviewed', 'added'], review: { username: 'Alice', slug: 'celeste-2' }, createdAt: now - 2 * 3600_000 }));
    expect(hrefOf(row, 'Alice')).toBe('/u/alice');
    expect(hrefOf(row, 'Celeste')).toBe('/games/celeste');
    expect(hrefOf(row, 'Read review of Celeste by Alice')).toBe('/u/alice/reviews/celeste-2');
    expect(row.querySelector('time')!.textContent).toBe('2 hours ago');
    // The cover repeats the game link for the pointer only.
    const cover = row.querySelector(`a[href="/games/${celeste.slug}"][aria-hidden="true"]`);
    expect(cover).not.toBeNull();
  });

  it("links someone else's review and its owner", () => {
    const { row } = renderItem(anActivity({ verbs: ['liked'], review: { username: 'Bob', slug: 'celeste' } }));
    expect(hrefOf(row, 'Bob')).toBe('/u/bob');
    expect(hrefOf(row, 'Read review of Celeste by Bob')).toBe('/u/bob/reviews/celeste');
  });

  it("links a comment to the review's comments", () => {
    const { row } = renderItem(anActivity({ verbs: ['commented'], review: { username: 'Bob', slug: 'celeste' }, comment: { id: 5, excerpt: 'Yes' } }));
    expect(hrefOf(row, 'See comments on the review of Celeste by Bob')).toBe('/u/bob/reviews/celeste#comments');
  });

  it('has no review link without a review, and shows a follow without a game', () => {
    const { row } = renderItem(anActivity({ verbs: ['followed'], game: null, targetUser: { username: 'Carol_1', avatar: null } }));
    expect(within(row).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/u/alice', '/u/carol_1']);
    expect(row.querySelector('a[href^="/games/"]')).toBeNull();
  });
});
