import { SOCIAL_LIMITS, SOCIAL_MESSAGES, type CommentEntry } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { modalStore } from '../../stores/modals';
import { renderRoutes } from '../../test/render';
import { aReview } from '../../test/reviewFixtures';
import { ReviewPage } from '../profile/ReviewPage';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { aComment, paged } from './commentFixtures';

const REVIEW = '/api/users/alice_99/reviews/elden-ring';
const COMMENTS = `${REVIEW}/comments`;

const routes = [{ path: '/u/:username/reviews/:slug', element: <ReviewPage /> }];

const signIn = (username = 'Carol') =>
  authStore.setState({ isAuthenticated: true, user: { username, avatar: null, isSuspended: false, exp: 2_000_000_000 } });

/** The review's and each comment's like button ask whether the viewer likes it: not yet. */
const likeChecks = Object.fromEntries(
  ['7', ...Array.from({ length: 100 }, (_, i) => `c${i + 1}`)].map((entityId) => [`GET /api/like/isliked/${entityId}`, { body: { isLiked: false } }]),
);

/** A review with these comments; the count on the review follows them. */
function serve(comments: CommentEntry[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    ...likeChecks,
    [`GET ${REVIEW}`]: () => ({ body: aReview({ comments: comments.length }) }),
    [`GET ${COMMENTS}`]: () => paged(comments),
    ...extra,
  });
}

const commentsSection = () => within(document.getElementById('comments')!);
const sent = (calls: StubRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);

describe('comments on a review', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    modalStore.setState({ modals: [] });
  });

  it('list the comments oldest first, with avatar, lower-cased profile link, date, text rules and a like button of their own', async () => {
    const calls = serve([
      aComment({ id: 12, body: 'First **bold** take', likes: 3 }),
      aComment({ id: 13, user: { username: 'Dan', avatar: 'dan.png' }, body: '<b>not html</b>' }),
    ]);
    signIn();
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');

    const first = await screen.findByRole('article', { name: 'Comment by Bob_Builder' });
    const articles = commentsSection().getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual(['Comment by Bob_Builder', 'Comment by Dan']);
    expect(within(first).getByRole('link', { name: 'Bob_Builder' }).getAttribute('href')).toBe('/u/bob_builder');
    expect(within(first).getByText('bold').tagName).toBe('STRONG');
    expect(within(first).getByText('Nov 23, 2026').tagName).toBe('TIME');
    expect(within(first).getByRole('button', { name: 'Like, 3 likes' })).toBeTruthy();
    expect(within(articles[1]!).getByText('<b>not html</b>')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();

    const list = sent(calls, 'GET', COMMENTS)[0]!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ page: '1', limit: String(SOCIAL_LIMITS.commentsPerPage) });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/like/isliked/c12')).toBe(true));
  });

  it('say "No comments yet." when there are none', async () => {
    serve([]);
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeTruthy();
  });

  it('offer visitors a "Log in to comment" button that opens the login modal, and no form', async () => {
    serve([aComment()]);
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in to comment' }));
    expect(modalStore.getState().modals).toEqual([{ name: 'login' }]);
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('post a comment: sends the trimmed body, shows it, clears the field and updates the count', async () => {
    const comments = [aComment({ id: 1 })];
    const calls = serve(comments, {
      [`POST ${COMMENTS}`]: ({ body }) => {
        const created = aComment({ id: 2, user: { username: 'Carol', avatar: null }, body: (body as { body: string }).body, viewerCan: { edit: true, delete: true } });
        comments.push(created);
        return { status: 201, body: created };
      },
    });
    signIn();
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');

    const field = (await screen.findByRole('textbox', { name: 'Comment' })) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '  Great *point*  ' } });
    expect(screen.getByText('13 / 2,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));

    const mine = await screen.findByRole('article', { name: 'Comment by Carol' });
    expect(within(mine).getByText('point').tagName).toBe('EM');
    expect(sent(calls, 'POST', COMMENTS).map((c) => c.body)).toEqual([{ body: 'Great *point*' }]);
    await waitFor(() => expect(field.value).toBe(''));
    expect(await screen.findByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
    // The review (its count on cards) was asked for again.
    expect(sent(calls, 'GET', REVIEW).length).toBeGreaterThan(1);
  });

  it('refuse an empty comment without asking the server', async () => {
    const calls = serve([]);
    signIn();
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Comment' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SOCIAL_MESSAGES.emptyComment);
    expect(sent(calls, 'POST', COMMENTS)).toEqual([]);
  });

  it("show the server's refusal, such as commenting too fast, and keep the text", async () => {
    serve([], { [`POST ${COMMENTS}`]: { status: 429, body: { error: 'rate_limited', message: SOCIAL_MESSAGES.slowDown, statusCode: 429 } } });
    signIn();
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    const field = (await screen.findByRole('textbox', { name: 'Comment' })) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Again!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SOCIAL_MESSAGES.slowDown);
    expect(field.value).toBe('Again!');
  });

  it('show Delete only where viewerCan.delete, and delete after a confirmation', async () => {
    const comments = [aComment({ id: 1 }), aComment({ id: 2, user: { username: 'Carol', avatar: null }, body: 'Mine', viewerCan: { edit: true, delete: true } })];
    const calls = serve(comments, {
      'DELETE /api/comments/2': () => {
        comments.splice(1, 1);
        return { status: 204 };
      },
    });
    signIn();
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');

    const theirs = await screen.findByRole('article', { name: 'Comment by Bob_Builder' });
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();

    const mine = screen.getByRole('article', { name: 'Comment by Carol' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    expect(within(mine).getByText("Delete this comment? This can't be undone.")).toBeTruthy();
    expect(sent(calls, 'DELETE', '/api/comments/2')).toEqual([]);
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete comment' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Comment by Carol' })).toBeNull());
    expect(sent(calls, 'DELETE', '/api/comments/2')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
  });

  it('keep the comment when the deletion is called off', async () => {
    const calls = serve([aComment({ id: 3, viewerCan: { edit: false, delete: true } })]);
    signIn('Alice_99');
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('edit inline: the text in a field, saved with PUT, shown at once', async () => {
    const comments = [aComment({ id: 5, user: { username: 'Carol', avatar: null }, body: 'Frist', viewerCan: { edit: true, delete: true } })];
    const calls = serve(comments, {
      'PUT /api/comments/5': ({ body }) => {
        comments[0] = { ...comments[0]!, body: (body as { body: string }).body, date: { created: comments[0]!.date.created, updated: comments[0]!.date.created + 60_000 } };
        return { body: comments[0] };
      },
    });
    signIn();
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit comment' }) as HTMLTextAreaElement;
    expect(field.value).toBe('Frist');
    fireEvent.change(field, { target: { value: 'First' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const mine = await screen.findByRole('article', { name: 'Comment by Carol' });
    await waitFor(() => expect(within(mine).getByText('First')).toBeTruthy());
    expect(within(mine).getByText('(edited)')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).toBeNull();
    expect(sent(calls, 'PUT', '/api/comments/5').map((c) => c.body)).toEqual([{ body: 'First' }]);
  });

  it('scroll to the comments once they have loaded when the link ends in #comments', async () => {
    serve([aComment()]);
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled(this.id);
    });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring/#comments');
    await screen.findByRole('article', { name: 'Comment by Bob_Builder' });
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('comments'));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('page with "cp" when there are more than a page of comments', async () => {
    const perPage = SOCIAL_LIMITS.commentsPerPage;
    const calls = stubFetch({
      ...likeChecks,
      [`GET ${REVIEW}`]: { body: aReview({ comments: perPage + 5 }) },
      [`GET ${COMMENTS}`]: ({ url }) =>
        paged(url.searchParams.get('page') === '2' ? [aComment({ id: 99, body: 'Late to the party' })] : [aComment({ id: 1 })], perPage + 5),
    });
    renderRoutes(routes, '/u/alice_99/reviews/elden-ring?cp=2');
    expect(await screen.findByText('Late to the party')).toBeTruthy();
    expect(sent(calls, 'GET', COMMENTS)[0]!.url.searchParams.get('page')).toBe('2');
    const pages = screen.getByRole('navigation', { name: 'Comment pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/u/alice_99/reviews/elden-ring?cp=1');
  });
});
