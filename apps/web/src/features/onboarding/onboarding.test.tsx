import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { FirstSteps } from './FirstSteps';
import { SuggestedMembers } from './SuggestedMembers';

describe('a new member’s first ten minutes', () => {
  beforeEach(() => {
    window.localStorage.clear();
    authStore.setState({ isAuthenticated: true, user: { username: 'Newbie', avatar: null, isSuspended: false, exp: 4e9 } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.setState({ isAuthenticated: false, user: null });
  });

  it('lists the four first steps, ticking those done, each linking to where it is done', async () => {
    stubFetch({ '/api/profile/first-steps': { body: { loggedGame: true, imported: false, followed: false, madeList: false } } });
    renderRoutes([at('/', <FirstSteps />)]);
    const list = await screen.findByRole('region', { name: 'First steps' });
    expect(list.textContent).toContain('1 of 4 done');
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.replace(/\s+/g, ' '))).toEqual([
      '✓Log your first game (done)Find a game you play and add it to your library.',
      'Bring your library along (to do)Import a file from VGL, Grouvee or HowLongToBeat.',
      'Follow someone (to do)See what friends play, rate and review.',
      'Make a list (to do)Your top ten, a backlog plan, anything.',
    ]);
    expect(within(list).getByRole('link', { name: 'Bring your library along' }).getAttribute('href')).toBe('/u/newbie/settings/data');
    expect(within(list).getByRole('link', { name: 'Make a list' }).getAttribute('href')).toBe('/u/newbie/lists');
  });

  it('goes when every step is done, or when hidden', async () => {
    const requests = stubFetch({ '/api/profile/first-steps': { body: { loggedGame: true, imported: true, followed: true, madeList: true } } });
    const done = renderRoutes([at('/', <FirstSteps />)]);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(done.container.textContent).toBe('');
    done.unmount();

    stubFetch({ '/api/profile/first-steps': { body: { loggedGame: false, imported: false, followed: false, madeList: false } } });
    const first = renderRoutes([at('/', <FirstSteps />)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
    first.unmount();
    // Hidden stays hidden on the next visit.
    renderRoutes([at('/', <FirstSteps />)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
  });

  it('suggests people to follow, and the button follows them', async () => {
    const requests = stubFetch({
      '/api/activity/suggestions': {
        body: [
          { user: { username: 'Star', avatar: null }, followers: 1200, reviewLikes: 0, reason: 'most-followed' },
          { user: { username: 'critic', avatar: null }, followers: 3, reviewLikes: 1, reason: 'most-liked' },
        ],
      },
      'POST /api/users/star/follow': { body: { isFollowing: true, followers: 1201 } },
    });
    renderRoutes([at('/', <SuggestedMembers />)]);
    const section = await screen.findByRole('region', { name: 'People to follow' });
    const [star, critic] = within(section).getAllByRole('listitem');
    expect(star!.textContent).toContain('1,200 followers');
    expect(critic!.textContent).toContain('1 like on their reviews');
    fireEvent.click(within(star!).getByRole('button', { name: /Follow/ }));
    await waitFor(() => expect(within(star!).getByRole('button', { name: /Following/ }).getAttribute('aria-pressed')).toBe('true'));
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/users/star/follow')).toBe(true);
  });
});
