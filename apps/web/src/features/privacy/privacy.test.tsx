import { PRIVACY_MESSAGES, type AudienceCard } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { aProfile } from '../profile/profileFixtures';
import { signedInForEachTest } from '../settings/settingsFixtures';
import { PrivacySettingsPage } from './PrivacySettingsPage';

const card = (username: string): AudienceCard => ({ username, avatar: null, since: Date.UTC(2026, 0, 2) });
const writes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname} ${JSON.stringify(r.body ?? null)}`);

describe('privacy and safety', () => {
  signedInForEachTest();

  it('Settings → Privacy saves each setting as it is ticked, and lists requests, blocks and mutes with their undo buttons', async () => {
    let settings = { isPrivate: false, hideFromSearch: false };
    let blocks = [card('bob')];
    const requests = stubFetch({
      'GET /api/profile/privacy': () => ({ body: settings }),
      'PUT /api/profile/privacy': (r) => {
        settings = { ...settings, ...(r.body as object) };
        return { body: settings };
      },
      'GET /api/blocks': () => ({ body: blocks }),
      'GET /api/mutes': { body: [card('carol')] },
      'GET /api/follow-requests': { body: [card('dan')] },
      'GET /api/follow-requests/remote': { body: [] },
      'DELETE /api/users/bob/block': () => {
        blocks = [];
        return { body: { isBlocked: false } };
      },
      'POST /api/follow-requests/dan/approve': { status: 204 },
    });
    renderRoutes([at('/u/:username/settings/privacy', <PrivacySettingsPage />)], '/u/alice/settings/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy and safety' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Privacy settings | VGL'));
    expect(screen.getByRole('link', { name: 'What leaves this instance' }).getAttribute('href')).toBe('/about/federation');
    expect(screen.getByRole('link', { name: 'What leaves this instance' }).parentElement!.textContent).toBe(
      'What leaves this instance: what other servers of the fediverse can receive from you, and how a private profile stops it.',
    );

    const isPrivate = await screen.findByRole('checkbox', { name: 'Private profile' });
    await waitFor(() => expect((isPrivate as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(isPrivate);
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Private profile' }) as HTMLInputElement).checked).toBe(true));

    const blocked = screen.getByRole('region', { name: 'Blocked' });
    fireEvent.click(await within(blocked).findByRole('button', { name: 'Unblock bob' }));
    expect(await within(blocked).findByText('You have not blocked anyone.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Muted' })).getByRole('button', { name: 'Unmute carol' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('region', { name: 'Follow requests' })).getByRole('button', { name: 'Approve dan' }));
    await waitFor(() => expect(writes(requests)).toContain('POST /api/follow-requests/dan/approve {}'));
    expect(writes(requests)).toEqual(expect.arrayContaining(['PUT /api/profile/privacy {"isPrivate":true}', 'DELETE /api/users/bob/block null']));
  });

  it('a private profile shows its header, counts and "This profile is private." instead of its tabs; Follow becomes Requested', async () => {
    let requested = false;
    const requests = stubFetch({
      '/api/users/pat': () => ({ body: aProfile({ username: 'Pat', isPrivate: true, isFollowing: false, followRequested: requested, viewerBlocks: false, viewerMutes: false }) }),
      'POST /api/users/pat/follow': () => {
        requested = true;
        return { body: { isFollowing: false, followers: 0, isRequested: true } };
      },
    });
    renderRoutes(routes, '/u/pat');
    expect(await screen.findByRole('heading', { name: PRIVACY_MESSAGES.privateProfile })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Profile' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Counts' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Follow Pat' }));
    expect(await screen.findByText('Requested')).toBeTruthy();
    expect(await screen.findByText('Your follow request is waiting for an answer.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/users/pat/follow')).toBe(true);
  });

  it('Block asks first, then blocks; Mute mutes at once', async () => {
    const requests = stubFetch({
      '/api/users/bob': { body: aProfile({ username: 'Bob', isFollowing: true, viewerBlocks: false, viewerMutes: false }) },
      'POST /api/users/bob/block': { body: { isBlocked: true } },
      'POST /api/users/bob/mute': { body: { isMuted: true } },
    });
    renderRoutes(routes, '/u/bob');
    const menu = await screen.findByRole('group', { name: 'Block or mute Bob' });
    fireEvent.click(within(menu).getByRole('button', { name: 'Block' }));
    expect(writes(requests)).toEqual([]);
    const confirm = within(menu).getByRole('group', { name: 'Confirm block' });
    expect(confirm.textContent).toContain('Block Bob?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    fireEvent.click(within(menu).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(writes(requests)).toEqual(['POST /api/users/bob/block {}', 'POST /api/users/bob/mute {}']));
  });

  it('a member who is not there for a signed-in viewer (blocked, or gone) is "not available"', async () => {
    stubFetch({});
    renderRoutes(routes, '/u/blocker');
    expect(await screen.findByRole('heading', { name: PRIVACY_MESSAGES.notAvailable })).toBeTruthy();
  });
});
