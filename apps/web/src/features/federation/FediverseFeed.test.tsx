import type { RemoteFollowing, RemotePost } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityPage } from '../activity/ActivityPage';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubAnswer, type StubRequest } from '../../test/stubFetch';

const NOW = new Date(2026, 10, 22, 15).getTime();
const page = (path = '/activity') => renderRoutes([at('/activity', <ActivityPage />)], path);
const writes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname} ${JSON.stringify(r.body ?? null)}`);

const zed: RemoteFollowing = { id: 1, name: 'Zed', handle: '@zed@mastodon.example', url: 'https://mastodon.example/@zed', host: 'mastodon.example', state: 'accepted', since: NOW - 86_400_000 };
const quinn: RemoteFollowing = { id: 2, name: 'Quinn', handle: '@quinn@vgl.example', url: 'https://vgl.example/u/quinn', host: 'vgl.example', state: 'pending', since: NOW - 3_600_000 };

const post = (id: number, overrides: Partial<RemotePost> = {}): RemotePost => ({
  id,
  account: { name: 'Zed', handle: '@zed@mastodon.example', url: 'https://mastodon.example/@zed', host: 'mastodon.example', avatar: null },
  title: null,
  contentWarning: null,
  text: 'First line\nsecond line\n\nAnother paragraph',
  image: { url: 'https://files.mastodon.example/shot.png', alt: 'The summit at dawn' },
  url: `https://mastodon.example/@zed/${id}`,
  published: NOW - 2 * 3_600_000,
  viewerLiked: false,
  viewerReplies: [],
  ...overrides,
});

describe('activity: other servers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const base = (following: () => RemoteFollowing[], posts: RemotePost[] = []) => ({
    'GET /api/home': { body: { federation: true } },
    'GET /api/activity': { body: [] },
    'GET /api/federation/following': () => ({ body: following() }),
    'GET /api/federation/feed': ({ url }: StubRequest): StubAnswer =>
      url.searchParams.get('before') === '5' ? { body: posts.slice(1) } : { body: posts.slice(0, 1), headers: posts.length > 1 ? { 'X-Next-Cursor': '5' } : {} },
  });

  it('has no tabs where the instance does not federate', async () => {
    stubFetch({ 'GET /api/home': { body: { federation: false } }, 'GET /api/activity': { body: [] } });
    page('/activity?from=elsewhere');
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText('Follow someone on another server')).toBeNull();
  });

  it('shows the accounts followed elsewhere and their posts under the “Other servers” tab', async () => {
    const requests = stubFetch(base(() => [quinn, zed], [post(6, { contentWarning: 'Celeste ending' }), post(5, { title: 'Ten hours of Celeste', image: null, url: null })]));
    page();
    const tabs = await screen.findByRole('tablist', { name: 'Whose activity' });
    expect(within(tabs).getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Members here', 'true'],
      ['Other servers', 'false'],
    ]);
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Other servers' }));
    expect(within(tabs).getByRole('tab', { name: 'Other servers' }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Other servers' });

    const following = within(panel).getByRole('region', { name: 'Accounts you follow elsewhere' });
    await within(following).findByText('Zed');
    expect(within(following).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Quinn@quinn@vgl.exampleWaiting for them to acceptUnfollow @quinn@vgl.exampleReportBlock',
      'Zed@zed@mastodon.exampleUnfollow @zed@mastodon.exampleReportBlock',
    ]);
    expect(within(following).getByRole('link', { name: 'Zed' }).getAttribute('href')).toBe('https://mastodon.example/@zed');

    const posts = within(panel).getByRole('region', { name: 'Their posts' });
    const first = await within(posts).findByRole('article', { name: 'Post by Zed' });
    const name = within(first).getByRole('link', { name: 'Zed' });
    expect(name.getAttribute('href')).toBe('https://mastodon.example/@zed');
    expect(name.getAttribute('target')).toBe('_blank');
    expect(within(first).getByText('@zed@mastodon.example')).toBeTruthy();
    expect(within(first).getByText('via mastodon.example')).toBeTruthy();
    expect(within(first).getByText('2 hours ago')).toBeTruthy();
    // Behind its content warning, as on Mastodon.
    expect(within(first).getByText('Celeste ending').tagName).toBe('SUMMARY');
    expect(within(first).getAllByRole('paragraph').map((p) => p.innerHTML)).toEqual(['<span>First line</span><span><br>second line</span>', '<span>Another paragraph</span>']);
    expect(within(first).getByRole('img', { name: 'The summit at dawn' }).getAttribute('src')).toBe('https://files.mastodon.example/shot.png');
    expect(within(first).getByRole('link', { name: 'View on mastodon.example' }).getAttribute('href')).toBe('https://mastodon.example/@zed/6');

    fireEvent.click(within(posts).getByRole('button', { name: 'Older posts' }));
    await waitFor(() => expect(within(posts).getAllByRole('article')).toHaveLength(2));
    const second = within(posts).getAllByRole('article')[1]!;
    expect(within(second).getByRole('heading', { level: 3, name: 'Ten hours of Celeste' })).toBeTruthy();
    expect(within(second).queryByRole('link', { name: /View on/ })).toBeNull();
    expect(requests.filter((r) => r.url.pathname === '/api/federation/feed').map((r) => r.url.search)).toEqual(['?limit=20', '?limit=20&before=5']);
    expect(within(posts).queryByRole('button', { name: 'Older posts' })).toBeNull();
  });

  it('follows someone elsewhere by handle, saying what went wrong in words', async () => {
    let following: RemoteFollowing[] = [];
    const requests = stubFetch({
      ...base(() => following),
      'POST /api/federation/following': ({ body }) =>
        (body as { account: string }).account === '@nobody@mastodon.example'
          ? { status: 404, body: { error: 'not_found', message: 'No account was found at @nobody@mastodon.example.', statusCode: 404 } }
          : ((following = [quinn]), { status: 201, body: quinn }),
    });
    page('/activity?from=elsewhere');
    const form = await screen.findByRole('region', { name: 'Follow someone on another server' });
    expect(await screen.findByText('You follow no one on other servers yet.')).toBeTruthy();
    expect(await screen.findByText('No posts yet. What they post shows here once their server has accepted your follow.')).toBeTruthy();
    const field = within(form).getByLabelText('Their account');
    expect(within(form).getByText('Their handle, such as @name@mastodon.social, or the address of their profile.')).toBeTruthy();

    // Checked here first: nothing is sent for what is not an account.
    fireEvent.change(field, { target: { value: 'quinn' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Follow' }));
    expect(within(form).getByRole('alert').textContent).toBe('Enter an account as @name@mastodon.example, or the https:// address of their profile.');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: '@nobody@mastodon.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('No account was found at @nobody@mastodon.example.'));

    fireEvent.change(field, { target: { value: ' @quinn@vgl.example ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Follow' }));
    expect(await within(form).findByRole('status')).toHaveProperty('textContent', 'Follow request sent to @quinn@vgl.example.');
    expect((field as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('Waiting for them to accept')).toBeTruthy();
    expect(writes(requests)).toEqual(['POST /api/federation/following {"account":"@nobody@mastodon.example"}', 'POST /api/federation/following {"account":"@quinn@vgl.example"}']);
  });

  it('likes a post and takes the like back', async () => {
    const requests = stubFetch({
      ...base(() => [zed], [post(6)]),
      'POST /api/federation/feed/6/like': { status: 204 },
      'DELETE /api/federation/feed/6/like': { status: 204 },
    });
    page('/activity?from=elsewhere');
    const article = await screen.findByRole('article', { name: 'Post by Zed' });
    const like = within(article).getByRole('button', { name: 'Like' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(writes(requests)).toEqual(['POST /api/federation/feed/6/like {}', 'DELETE /api/federation/feed/6/like null']));
  });

  it('unfollows', async () => {
    let following = [zed];
    const requests = stubFetch({
      ...base(() => following),
      'DELETE /api/federation/following/1': () => ((following = []), { status: 204 }),
    });
    page('/activity?from=elsewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Unfollow @zed@mastodon.example' }));
    expect(await screen.findByText('You follow no one on other servers yet.')).toBeTruthy();
    expect(writes(requests)).toEqual(['DELETE /api/federation/following/1 null']);
  });
});
