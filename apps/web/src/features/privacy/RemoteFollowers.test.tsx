import type { RemoteFollower } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { signedInForEachTest } from '../settings/settingsFixtures';
import { PrivacySettingsPage } from './PrivacySettingsPage';

const remote = (id: number, name: string, handle: string): RemoteFollower => ({ id, name, handle, url: `https://${handle.split('@')[2]}/@${handle.split('@')[1]}`, since: Date.UTC(2026, 0, 2) });
const writes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname}`);
const page = () => renderRoutes([at('/u/:username/settings/privacy', <PrivacySettingsPage />)], '/u/alice/settings/privacy');
const base = { 'GET /api/profile/privacy': { body: { isPrivate: true, hideFromSearch: false } }, 'GET /api/blocks': { body: [] }, 'GET /api/mutes': { body: [] } };

describe('privacy and safety: followers on other servers', () => {
  signedInForEachTest();

  it('lists follow requests from other servers beside the members’ own, each approved or declined', async () => {
    let waiting = [remote(3, 'Zed', '@zed@mastodon.example'), remote(4, 'Quinn Q.', '@quinn@books.example')];
    const requests = stubFetch({
      ...base,
      'GET /api/home': { body: { federation: true } },
      'GET /api/follow-requests': { body: [{ username: 'dan', avatar: null, since: 1 }] },
      'GET /api/follow-requests/remote': () => ({ body: waiting }),
      'GET /api/remote-followers': { body: [] },
      'POST /api/follow-requests/remote/3/approve': () => {
        waiting = waiting.filter((r) => r.id !== 3);
        return { status: 204 };
      },
      'POST /api/follow-requests/remote/4/decline': () => {
        waiting = [];
        return { status: 204 };
      },
    });
    page();
    const section = screen.getByRole('region', { name: 'Follow requests' });
    const fromElsewhere = await within(section).findByRole('list', { name: 'From other servers' });
    expect(within(fromElsewhere).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Zed@zed@mastodon.exampleApprove @zed@mastodon.exampleDecline @zed@mastodon.exampleBlock',
      'Quinn Q.@quinn@books.exampleApprove @quinn@books.exampleDecline @quinn@books.exampleBlock',
    ]);
    const link = within(fromElsewhere).getByRole('link', { name: 'Zed' });
    expect(link.getAttribute('href')).toBe('https://mastodon.example/@zed');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(section).getByRole('button', { name: 'Approve dan' })).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Approve @zed@mastodon.example' }));
    await waitFor(() => expect(within(section).queryByText('Zed')).toBeNull());
    fireEvent.click(within(section).getByRole('button', { name: 'Decline @quinn@books.example' }));
    await waitFor(() => expect(within(section).queryByRole('list', { name: 'From other servers' })).toBeNull());
    expect(writes(requests)).toEqual(['POST /api/follow-requests/remote/3/approve', 'POST /api/follow-requests/remote/4/decline']);
  });

  it('says nobody is waiting only when no one here or elsewhere is', async () => {
    stubFetch({ ...base, 'GET /api/home': { body: { federation: true } }, 'GET /api/follow-requests': { body: [] }, 'GET /api/follow-requests/remote': { body: [] }, 'GET /api/remote-followers': { body: [] } });
    page();
    expect(await within(screen.getByRole('region', { name: 'Follow requests' })).findByText('Nobody is waiting.')).toBeTruthy();
    const followers = await screen.findByRole('region', { name: 'Followers on other servers' });
    expect(await within(followers).findByText('Nobody on another server follows you.')).toBeTruthy();
    expect(within(followers).getByText(/They receive your public reviews/).textContent).toBe(
      'They receive your public reviews, finished plays and public lists on Mastodon and other servers of the fediverse. Removing one tells their server they no longer follow you.',
    );
  });

  it('lists the followers on other servers, each removable', async () => {
    let followers = [remote(9, 'Alice Remote', '@alice@mastodon.example')];
    const requests = stubFetch({
      ...base,
      'GET /api/home': { body: { federation: true } },
      'GET /api/follow-requests': { body: [] },
      'GET /api/follow-requests/remote': { body: [] },
      'GET /api/remote-followers': () => ({ body: followers }),
      'DELETE /api/remote-followers/9': () => {
        followers = [];
        return { status: 204 };
      },
    });
    page();
    const section = await screen.findByRole('region', { name: 'Followers on other servers' });
    const item = await within(section).findByRole('listitem');
    expect(item.textContent).toBe('Alice Remote@alice@mastodon.exampleRemove @alice@mastodon.exampleReportBlock');
    fireEvent.click(within(item).getByRole('button', { name: 'Remove @alice@mastodon.example' }));
    expect(await within(section).findByText('Nobody on another server follows you.')).toBeTruthy();
    expect(writes(requests)).toEqual(['DELETE /api/remote-followers/9']);
  });

  it('shows no followers-elsewhere section where the instance does not federate and none were recorded', async () => {
    stubFetch({ ...base, 'GET /api/home': { body: { federation: false } }, 'GET /api/follow-requests': { body: [] }, 'GET /api/follow-requests/remote': { body: [] }, 'GET /api/remote-followers': { body: [] } });
    page();
    expect(await within(screen.getByRole('region', { name: 'Follow requests' })).findByText('Nobody is waiting.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Followers on other servers' })).toBeNull());
  });
});
