import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../stores/auth';
import { aReview } from '../../test/reviewFixtures';
import { renderRoutes } from '../../test/render';
import { aProfile, stubApi } from './profileFixtures';

/*
 * The API answers a former name with a 301 that fetch follows silently: the
 * stub stands for that by answering /api/users/old_name with the member under
 * their current name.
 */
describe('a link to a renamed member', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => {
    // Unmounted first, so no query the moved page started goes out unstubbed.
    cleanup();
    vi.unstubAllGlobals();
  });

  it('puts the current name in the address, keeping the tab and its query', async () => {
    const renamed = aProfile({ username: 'New_Name' });
    stubApi({ '/api/users/old_name': { body: renamed }, '/api/users/new_name': { body: renamed } });
    const { router } = renderRoutes(routes, '/u/old_name/reviews?sort=rating#top');

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/new_name/reviews'));
    expect(router.state.location.search).toBe('?sort=rating');
    expect(router.state.location.hash).toBe('#top');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'New_Name' })).toBeTruthy();
  });

  it('does the same for one of their reviews', async () => {
    const review = aReview({ user: { username: 'New_Name', avatar: null } });
    stubApi({ '/api/users/old_name/reviews/elden-ring': { body: review }, '/api/users/new_name/reviews/elden-ring': { body: review } });
    const { router } = renderRoutes(routes, '/u/old_name/reviews/elden-ring');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/new_name/reviews/elden-ring'));
  });

  it('leaves an address alone that differs from the name only in case', async () => {
    stubApi({ '/api/users/new_name': { body: aProfile({ username: 'New_Name' }) } });
    const { router } = renderRoutes(routes, '/u/NEW_NAME');
    expect(await screen.findByRole('heading', { level: 1, name: 'New_Name' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/u/NEW_NAME');
  });
});
