import type { RemoteFollowing, RemotePost, RemotePostReply } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityPage } from '../activity/ActivityPage';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';

const NOW = new Date(2026, 10, 22, 15).getTime();
const page = () => renderRoutes([at('/activity', <ActivityPage />)], '/activity?from=elsewhere');
const writes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname} ${JSON.stringify(r.body ?? null)}`);

const zed: RemoteFollowing = { id: 1, name: 'Zed', handle: '@zed@mastodon.example', url: 'https://mastodon.example/@zed', host: 'mastodon.example', state: 'accepted', since: NOW - 86_400_000 };
const reply = (id: number, text: string, created = NOW - 60_000): RemotePostReply => ({ id, text, uri: `https://vgl.example/ap/notes/reply-${id}`, created });
const post = (viewerReplies: RemotePostReply[] = []): RemotePost => ({
  id: 6,
  account: { name: 'Zed', handle: '@zed@mastodon.example', url: 'https://mastodon.example/@zed', host: 'mastodon.example', avatar: null },
  title: null,
  contentWarning: null,
  text: 'Summit reached',
  image: null,
  url: 'https://mastodon.example/@zed/6',
  published: NOW - 2 * 3_600_000,
  viewerLiked: false,
  viewerReplies,
});
const failure = (status: number, message: string, errors?: Record<string, string>) => ({ status, body: { error: 'x', message, statusCode: status, ...(errors ? { errors } : {}) } });

describe('activity: replying to posts on other servers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const base = (posts: RemotePost[]) => ({
    'GET /api/home': { body: { federation: true } },
    'GET /api/activity': { body: [] },
    'GET /api/federation/following': { body: [zed] },
    'GET /api/federation/feed': { body: posts },
  });

  it('opens a form under the post, sends the reply and lists it there', async () => {
    const requests = stubFetch({ ...base([post()]), 'POST /api/federation/feed/6/replies': { status: 201, body: reply(9, 'Me too!\n\nWhat a climb', NOW) } });
    page();
    const article = await screen.findByRole('article', { name: 'Post by Zed' });
    expect(within(article).queryByRole('list', { name: 'Your replies' })).toBeNull();
    const open = within(article).getByRole('button', { name: 'Reply' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(within(article).getByText('Your reply is public: it is sent to mastodon.example, where anyone can read it.')).toBeTruthy();
    const field = within(article).getByLabelText('Reply to Zed');
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: '  Me too!\n\nWhat a climb ' } });
    fireEvent.click(within(article).getByRole('button', { name: 'Send' }));
    expect(within(article).getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled')).toBe('true');
    expect((within(article).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    // Sent: the form closes, focus goes back to Reply, and the reply is listed under the post.
    await waitFor(() => expect(within(article).queryByLabelText('Reply to Zed')).toBeNull());
    expect(document.activeElement).toBe(open);
    const list = within(article).getByRole('list', { name: 'Your replies' });
    const [item] = within(list).getAllByRole('listitem');
    expect(within(item!).getByText('You replied', { exact: false }).textContent).toBe('You replied just now');
    expect(within(item!).getAllByRole('paragraph').slice(1).map((p) => p.textContent)).toEqual(['Me too!', 'What a climb']);
    expect(writes(requests)).toEqual(['POST /api/federation/feed/6/replies {"text":"Me too!\\n\\nWhat a climb"}']);
  });

  it('says what is wrong: empty before sending, and the server’s message after', async () => {
    const requests = stubFetch({
      ...base([post()]),
      'POST /api/federation/feed/6/replies': ({ body }) =>
        (body as { text: string }).text === 'blocked'
          ? failure(403, 'This server is blocked here.')
          : (body as { text: string }).text === 'boom'
            ? { status: 500, body: { error: 'internal', message: 'Internal Server Error', statusCode: 500 } }
            : failure(400, 'Validation failed', { text: 'A comment must have at most 2,000 characters' }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    page();
    const article = await screen.findByRole('article', { name: 'Post by Zed' });
    fireEvent.click(within(article).getByRole('button', { name: 'Reply' }));
    const field = within(article).getByLabelText('Reply to Zed');
    const send = () => fireEvent.click(within(article).getByRole('button', { name: 'Send' }));

    fireEvent.change(field, { target: { value: '   ' } });
    send();
    expect(within(article).getByRole('alert').textContent).toBe('Write something first.');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    for (const [text, message] of [
      ['long', 'A comment must have at most 2,000 characters'],
      ['blocked', 'This server is blocked here.'],
      ['boom', 'The reply could not be sent. Please try again.'],
    ] as const) {
      fireEvent.change(field, { target: { value: text } });
      send();
      await waitFor(() => expect(within(article).getByRole('alert').textContent).toBe(message));
    }
    expect(writes(requests)).toHaveLength(3);

    // Cancel closes the form, sending nothing more.
    fireEvent.click(within(article).getByRole('button', { name: 'Cancel' }));
    expect(within(article).queryByLabelText('Reply to Zed')).toBeNull();
    expect(writes(requests)).toHaveLength(3);
  });

  it('deletes one’s reply after confirming, and keeps it on “Keep it”', async () => {
    let deleted = false;
    const requests = stubFetch({
      ...base([post([reply(9, 'First'), reply(10, 'Second')])]),
      'DELETE /api/federation/feed/6/replies/9': () => ((deleted = true), { status: 204 }),
    });
    page();
    const list = await screen.findByRole('list', { name: 'Your replies' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['You replied 1 minute agoFirstDelete', 'You replied 1 minute agoSecondDelete']);
    const first = () => within(list).getAllByRole('listitem')[0]!;

    fireEvent.click(within(first()).getByRole('button', { name: 'Delete' }));
    const confirm = within(first()).getByRole('group', { name: 'Delete this reply? Their server is asked to delete it too.' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep it' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(within(first()).queryByRole('group')).toBeNull();
    expect(writes(requests)).toEqual([]);

    fireEvent.click(within(first()).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(first()).getByRole('button', { name: 'Delete reply' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['You replied 1 minute agoSecondDelete']));
    expect(deleted).toBe(true);
    expect(writes(requests)).toEqual(['DELETE /api/federation/feed/6/replies/9 null']);
  });

  it('says when a reply could not be deleted, and keeps it', async () => {
    stubFetch({ ...base([post([reply(9, 'First')])]), 'DELETE /api/federation/feed/6/replies/9': { status: 500, body: { error: 'internal', message: 'Internal Server Error', statusCode: 500 } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    page();
    const list = await screen.findByRole('list', { name: 'Your replies' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Delete reply' }));
    expect((await within(list).findByRole('alert')).textContent).toBe('The reply could not be deleted. Please try again.');
    expect(within(list).getByText('First')).toBeTruthy();
  });
});
