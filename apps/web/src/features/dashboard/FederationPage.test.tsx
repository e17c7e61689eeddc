import type { AdminFederation } from '@vgl/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { dashboardRoutes, signInAs } from './dashboardFixtures';

const anAnswer = (overrides: Partial<AdminFederation> = {}): AdminFederation => ({
  enabled: false,
  origin: null,
  followers: { accepted: 0, pending: 0 },
  published: 0,
  instances: [],
  ...overrides,
});

describe('dashboard: the Federation tab', () => {
  beforeEach(() => signInAs('moderator'));
  afterEach(() => vi.unstubAllGlobals());

  it('says federation is off and how an operator turns it on', async () => {
    stubFetch({ '/api/admin/federation/instances': { body: [] }, '/api/admin/federation': { body: anAnswer() } });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    expect(await screen.findByText('Federation is off.')).toBeTruthy();
    const how = screen.getByText(/An operator turns it on/);
    expect(how.textContent).toBe('An operator turns it on by setting FEDERATION=on and PUBLIC_URL to the instance’s https:// address, then restarting VGL.');
    const section = screen.getByRole('region', { name: 'Federation' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Federation' })).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
    expect(within(section).queryAllByRole('link')).toEqual([]);
    await waitFor(() => expect(document.title).toBe('Federation | Dashboard | VGL'));
  });

  it('when on: the origin, the counts, and the known instances in a table with its headers', async () => {
    stubFetch({
      '/api/admin/federation/instances': { body: [] },
      '/api/admin/federation': {
        body: anAnswer({
          enabled: true,
          origin: 'https://vgl.example.com',
          followers: { accepted: 1234, pending: 2 },
          published: 57,
          instances: [
            { host: 'mastodon.example', followers: 12, members: 3 },
            { host: 'books.example', followers: 1, members: 1 },
          ],
        }),
      },
    });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    expect(await screen.findByText('Federation is on at https://vgl.example.com: people on other servers find members as @name@vgl.example.com.')).toBeTruthy();
    const counts = screen.getByRole('list', { name: 'Federation counts' });
    expect(within(counts).getAllByRole('listitem').map((card) => card.textContent)).toEqual(['1,234Followers elsewhere', '2Waiting follows', '57Reviews published']);
    expect(screen.getByRole('heading', { level: 3, name: 'Known instances' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Known instances: servers whose accounts follow members here' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Server', 'Followers', 'Members followed']);
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['mastodon.example', 'books.example']);
    expect(within(table).getByRole('row', { name: 'mastodon.example 12 3' })).toBeTruthy();
    expect(screen.queryByText('Federation is off.')).toBeNull();
  });

  it('when on with no follower anywhere yet: "Nothing found." instead of an empty table', async () => {
    stubFetch({ '/api/admin/federation/instances': { body: [] }, '/api/admin/federation': { body: anAnswer({ enabled: true, origin: 'https://vgl.example.com' }) } });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
