import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { LikeButton } from './LikeButton';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch answering the like check with `isLiked` and each POST with `post()`. */
function mockFetch(isLiked: boolean, post: () => Promise<Response> = async () => json({})) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/like/isliked/')) return json({ isLiked });
    if (url === '/api/like' && init?.method === 'POST') return post();
    return json({ message: 'unexpected' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posts = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([url]) => url === '/api/like');

const renderLike = () => renderRoutes([at('/', <LikeButton entityId="entry-42" count={12} />)]);

/** The button once the like check has answered (it is busy until then). */
async function readyButton(pressed: 'true' | 'false') {
  const button = screen.getByRole('button', { name: /^Like/ });
  await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
  expect(button.getAttribute('aria-pressed')).toBe(pressed);
  return button;
}

describe('LikeButton (SPEC §4, §6, §8)', () => {
  beforeEach(() => {
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 2_000_000_000 } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    authStore.setState({ isAuthenticated: false, user: null });
  });

  it('is disabled for visitors, says why, and asks the server nothing', () => {
    authStore.setState({ isAuthenticated: false, user: null });
    const fetch = mockFetch(false);
    renderLike();
    const button = screen.getByRole('button', { name: 'Log in to like, 12 likes' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('12');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks on load whether the member already likes it', async () => {
    const fetch = mockFetch(true);
    renderLike();
    await readyButton('true');
    expect(fetch).toHaveBeenCalledWith('/api/like/isliked/entry-42', expect.objectContaining({ method: 'GET' }));
  });

  it('likes: POST /api/like {entityId}, then pressed and one more', async () => {
    const fetch = mockFetch(false);
    renderLike();
    const button = await readyButton('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toBe('13');
    expect(button.getAttribute('aria-label')).toBe('Like, 13 likes');
    const [[, init]] = posts(fetch) as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ entityId: 'entry-42' });
  });

  it('shows the page’s own count again once the page’s data is fetched anew (a like, then a comment: 1, not 2)', async () => {
    mockFetch(false, async () => json({ isLiked: true, likes: 1 }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={client}>
        <LikeButton entityId="entry-42" count={0} />
      </QueryClientProvider>,
    );
    const button = await readyButton('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('1'));
    // Posting a comment refetched the review: its count now holds the like.
    view.rerender(
      <QueryClientProvider client={client}>
        <LikeButton entityId="entry-42" count={1} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: /^Like/ }).textContent).toBe('1');
  });

  it('unlikes a liked entity and counts one less', async () => {
    mockFetch(true);
    renderLike();
    const button = await readyButton('true');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(button.textContent).toBe('11');
  });

  it('ignores clicks while a call is in flight, so it never counts twice', async () => {
    let answer!: (response: Response) => void;
    const fetch = mockFetch(false, () => new Promise((resolve) => (answer = resolve)));
    renderLike();
    const button = await readyButton('false');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    answer(json({}));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toBe('13');
    expect(posts(fetch)).toHaveLength(1);
  });

  it('only logs a failed like and keeps what it showed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(false, async () => json({ message: 'boom' }, 500));
    renderLike();
    const button = await readyButton('false');
    fireEvent.click(button);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('12');
  });
});
