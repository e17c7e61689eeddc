import type { CommentEntry, RemoteActorRef } from '@vgl/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { renderRoutes } from '../../test/render';
import { aReview } from '../../test/reviewFixtures';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { aComment, paged } from '../comments/commentFixtures';
import { aNotification } from '../notifications/notificationFixtures';
import { NotificationSentence } from '../notifications/NotificationSentence';
import { ReviewPage } from '../profile/ReviewPage';

const REVIEW = '/api/users/alice_99/reviews/elden-ring';
const routes = [{ path: '/u/:username/reviews/:slug', element: <ReviewPage /> }];

const alice: RemoteActorRef = { id: 'https://mastodon.example/users/alice', handle: '@alice@mastodon.example', name: 'Alice <3', url: 'https://mastodon.example/@alice', host: 'mastodon.example' };

const aRemoteComment = (overrides: Partial<CommentEntry> = {}): CommentEntry =>
  aComment({
    _id: 'r1',
    id: 1,
    user: { username: 'alice@mastodon.example', avatar: null },
    body: 'So true & sad.\n\n<script>alert(1)</script>',
    remote: { actor: alice, url: 'https://mastodon.example/@alice/1', viewerCanRemove: false },
    ...overrides,
  });

function serve(comments: CommentEntry[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/like/isliked/7': { body: { isLiked: false } },
    'GET /api/like/isliked/c1': { body: { isLiked: false } },
    [`GET ${REVIEW}`]: () => ({ body: aReview({ comments: comments.length, likes: 2 }) }),
    [`GET ${REVIEW}/comments`]: () => paged(comments),
    'GET /api/home': { body: { federation: true } },
    ...extra,
  });
}

const sent = (calls: StubRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);

describe('likes, boosts and replies from the fediverse', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('show a remote reply with its author’s name, handle and server, linking out, as plain text, with no member actions', async () => {
    // A member's comment with the same number sits beside it: both show, each once.
    serve([aComment({ id: 1, body: 'A member here.' }), aRemoteComment()]);
    authStore.setState({ isAuthenticated: true, user: { username: 'Carol', avatar: null, isSuspended: false, exp: 2_000_000_000 } });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');

    const reply = await screen.findByRole('article', { name: 'Comment by @alice@mastodon.example, from mastodon.example' });
    expect(screen.getByRole('article', { name: 'Comment by Bob_Builder' })).toBeTruthy();
    const author = within(reply).getByRole('link', { name: 'Alice <3' });
    expect(author.getAttribute('href')).toBe('https://mastodon.example/@alice');
    expect(author.getAttribute('rel')).toContain('noopener');
    expect(within(reply).getByText('@alice@mastodon.example')).toBeTruthy();
    expect(within(reply).getByText(/via mastodon\.example/).textContent).toBe('remote account, via mastodon.example');
    expect(within(reply).getByRole('link', { name: 'View on mastodon.example' }).getAttribute('href')).toBe('https://mastodon.example/@alice/1');
    // Its text is text: the tag shows as written, nothing runs.
    expect(within(reply).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(reply.querySelector('script')).toBeNull();
    for (const name of [/^Like/, 'Edit', 'Delete', 'Report', 'Remove']) expect(within(reply).queryByRole('button', { name })).toBeNull();
    expect(within(reply).queryByRole('link', { name: /\/u\// })).toBeNull();
  });

  it('let the review’s author remove a remote reply after a confirmation', async () => {
    const comments = [aRemoteComment({ remote: { actor: alice, url: null, viewerCanRemove: true } })];
    const calls = serve(comments, {
      'DELETE /api/federation/replies/1': () => {
        comments.splice(0, 1);
        return { status: 204 };
      },
    });
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice_99', avatar: null, isSuspended: false, exp: 2_000_000_000 } });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    const reply = await screen.findByRole('article', { name: /^Comment by @alice@mastodon.example/ });
    fireEvent.click(within(reply).getByRole('button', { name: 'Remove' }));
    expect(within(reply).getByText('Remove this reply from mastodon.example? It will no longer show here.')).toBeTruthy();
    fireEvent.click(within(reply).getByRole('button', { name: 'Remove reply' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Comment by @alice/ })).toBeNull());
    expect(sent(calls, 'DELETE', '/api/federation/replies/1')).toHaveLength(1);
    expect(sent(calls, 'DELETE', '/api/comments/1')).toEqual([]);
  });

  it('say under the review who liked and boosted it from the fediverse', async () => {
    const bob = { ...alice, id: 'https://social.example/users/bob', handle: '@bob@social.example', name: null, url: 'https://social.example/users/bob', host: 'social.example' };
    serve([], { [`GET ${REVIEW}/fediverse`]: { body: { likes: { total: 5, accounts: [alice, bob] }, boosts: { total: 1, accounts: [bob] } } } });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    const section = await screen.findByRole('region', { name: 'From the fediverse' });
    const [liked, boosted] = within(section).getAllByRole('paragraph');
    expect(liked!.textContent).toBe('Liked on the fediverse by Alice <3 remote account, via mastodon.example, @bob@social.example remote account, via social.example and 3 more');
    expect(boosted!.textContent).toBe('Boosted on the fediverse by @bob@social.example remote account, via social.example');
    expect(within(section).getByRole('link', { name: 'Alice <3' }).getAttribute('href')).toBe('https://mastodon.example/@alice');
  });

  it('are not asked for on an instance that does not federate', async () => {
    const calls = serve([], { 'GET /api/home': { body: { federation: false } } });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    await screen.findByText('No comments yet.');
    expect(sent(calls, 'GET', `${REVIEW}/fediverse`)).toEqual([]);
  });

  it('show nothing from the fediverse when no one there liked or boosted the review', async () => {
    serve([], { [`GET ${REVIEW}/fediverse`]: { body: { likes: { total: 0, accounts: [] }, boosts: { total: 0, accounts: [] } } } });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    await screen.findByText('No comments yet.');
    expect(screen.queryByRole('region', { name: 'From the fediverse' })).toBeNull();
  });

  it('name the remote account in a notification, linking out, for a like, a boost and a reply', () => {
    const sentence = (overrides: Parameters<typeof aNotification>[0]) => {
      const { container } = render(
        <MemoryRouter>
          <NotificationSentence notification={aNotification({ actor: { username: 'alice@mastodon.example', avatar: null }, remoteActor: alice, ...overrides })} viewer="Alice" />
        </MemoryRouter>,
      );
      return { text: container.textContent, links: [...container.querySelectorAll('a')].map((a) => a.getAttribute('href')) };
    };
    expect(sentence({ kind: 'review_liked' })).toEqual({
      text: 'Alice <3 (@alice@mastodon.example) liked your review of Celeste',
      links: ['https://mastodon.example/@alice', '/u/alice/reviews/celeste'],
    });
    expect(sentence({ kind: 'review_boosted' }).text).toBe('Alice <3 (@alice@mastodon.example) boosted your review of Celeste');
    expect(sentence({ kind: 'commented', comment: { id: 4, excerpt: 'So true' } }).text).toBe('Alice <3 (@alice@mastodon.example) commented on your review of Celeste: “So true”');
  });
});
