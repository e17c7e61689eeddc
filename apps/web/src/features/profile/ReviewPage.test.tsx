import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { aReview } from '../../test/reviewFixtures';
import { aGame, aProfile, stubApi } from './profileFixtures';

describe('review pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show one review with its game, titled "{game} review by {username}", and its comments', async () => {
    stubApi({
      '/api/users/alice_99/reviews/elden-ring': { body: aReview() },
      '/api/users/alice_99/reviews/elden-ring/comments': { body: [], total: 0 },
    });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    expect(await screen.findByRole('heading', { level: 1, name: 'Elden Ring 2022' })).toBeTruthy();
    expect(screen.getByText('great').tagName).toBe('STRONG');
    const comments = document.getElementById('comments')!;
    expect(comments.textContent).toContain('Comments (0)');
    await waitFor(() => expect(comments.textContent).toContain('No comments yet.'));
    await waitFor(() => expect(document.title).toBe('Elden Ring review by Alice_99 | VGL'));
  });

  it('give the comment count from the review', async () => {
    stubApi({ '/api/users/alice_99/reviews/elden-ring': { body: aReview({ comments: 3 }) } });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    expect(await screen.findByRole('heading', { name: 'Comments (3)' })).toBeTruthy();
    expect(screen.queryByText('No comments yet.')).toBeNull();
  });

  it("list the user's reviews on the Reviews tab with a link to each", async () => {
    stubApi({
      '/api/users/alice_99': { body: aProfile() },
      '/api/users/alice_99/reviews': { body: [aReview(), aReview({ _id: '8', slug: 'hades', game: aGame({ name: 'Hades', slug: 'hades' }) })], total: 2 },
    });
    renderRoutes(routes, '/u/alice_99/reviews');
    const hades = await screen.findByRole('article', { name: 'Review of Hades by Alice_99' });
    expect(within(hades).getByRole('link', { name: '0 comments' }).getAttribute('href')).toBe('/u/alice_99/reviews/hades/#comments');
    expect(screen.getByRole('article', { name: 'Review of Elden Ring by Alice_99' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Alice_99's Reviews | VGL"));
  });
});
