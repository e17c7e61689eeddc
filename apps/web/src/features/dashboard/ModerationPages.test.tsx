import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalStore } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { aComment, aReview, dashboardRoutes, listAnswer, refusal, signInAs } from './dashboardFixtures';

const changes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url.pathname, r.body]);

async function giveReason(dialogName: string, submit: string, reason: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: submit }));
}

describe('dashboard: reviews and comments', () => {
  beforeEach(() => {
    signInAs('moderator');
    modalStore.setState({ modals: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists reviews with author, game link, text and date, searched with q', async () => {
    const requests = stubFetch({ '/api/admin/reviews': listAnswer([aReview()], 1) });
    renderRoutes(dashboardRoutes, '/dashboard/reviews?q=celeste&p=2');
    const item = (await screen.findByText('great')).closest('article')!;
    expect(requests[0]!.url.search).toBe('?q=celeste&page=2&limit=20');
    expect(within(item).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/u/bob');
    expect(within(item).getByRole('link', { name: 'Celeste' }).getAttribute('href')).toBe('/u/bob/reviews/celeste');
    expect(within(item).getByText('Nov 20, 2026', { exact: false })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Reviews | Dashboard | VGL'));
  });

  it('deletes a review only with a reason, which goes with the call', async () => {
    let reviews = [aReview()];
    const requests = stubFetch({
      'GET /api/admin/reviews': () => listAnswer(reviews),
      'DELETE /api/admin/reviews/41': () => {
        reviews = [];
        return { status: 204 };
      },
    });
    renderRoutes(dashboardRoutes, '/dashboard/reviews');
    fireEvent.click(await screen.findByRole('button', { name: "Delete Bob's review of Celeste" }));
    const dialog = await screen.findByRole('dialog', { name: "Delete Bob's review of Celeste" });
    expect(within(dialog).getByText(/Bob is told this reason in a notification\./)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'no' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The reason must have at least 3 characters');
    expect(changes(requests)).toEqual([]);

    await giveReason("Delete Bob's review of Celeste", 'Delete review', 'Spoilers without a warning.');
    await waitFor(() => expect(changes(requests)).toEqual([['DELETE', '/api/admin/reviews/41', { reason: 'Spoilers without a warning.' }]]));
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'The review is deleted; Bob is told the reason.' });
  });

  it('features and unfeatures a review with the toggle', async () => {
    let featured = false;
    const requests = stubFetch({
      'GET /api/admin/reviews': () => listAnswer([aReview({ featured })]),
      'POST /api/admin/featured': () => {
        featured = true;
        return { status: 201, body: aReview({ featured }) };
      },
      'DELETE /api/admin/featured/41': () => {
        featured = false;
        return { status: 204 };
      },
    });
    renderRoutes(dashboardRoutes, '/dashboard/reviews');
    const toggle = await screen.findByRole('button', { name: "Feature Bob's review of Celeste" });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: "Feature Bob's review of Celeste" }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('Featured')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Feature Bob's review of Celeste" }));
    await waitFor(() => expect(screen.getByRole('button', { name: "Feature Bob's review of Celeste" }).getAttribute('aria-pressed')).toBe('false'));
    expect(changes(requests)).toEqual([
      ['POST', '/api/admin/featured', { entryId: 41 }],
      ['DELETE', '/api/admin/featured/41', undefined],
    ]);
  });

  it('says why a suspended member’s review cannot be featured, before anyone clicks, and sends nothing', async () => {
    const refusal = 'Its author is suspended: only reviews of active members can be featured.';
    const requests = stubFetch({ 'GET /api/admin/reviews': listAnswer([aReview({ featureRefusal: refusal })]) });
    renderRoutes(dashboardRoutes, '/dashboard/reviews');
    const toggle = await screen.findByRole('button', { name: "Feature Bob's review of Celeste" });
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toBe(refusal);
    fireEvent.click(toggle);
    expect(changes(requests)).toEqual([]);
  });

  it('deletes a comment with a reason; the comment links to its review', async () => {
    const requests = stubFetch({
      'GET /api/admin/comments': listAnswer([aComment()]),
      'DELETE /api/admin/comments/9': { status: 204 },
    });
    renderRoutes(dashboardRoutes, '/dashboard/comments');
    const item = (await screen.findByText('Totally agree.')).closest('article')!;
    expect(within(item).getByRole('link', { name: "Bob's review of Celeste" }).getAttribute('href')).toBe('/u/bob/reviews/celeste#comments');
    fireEvent.click(within(item).getByRole('button', { name: "Delete Carol's comment" }));
    await giveReason("Delete Carol's comment", 'Delete comment', 'Insults.');
    await waitFor(() => expect(changes(requests)).toEqual([['DELETE', '/api/admin/comments/9', { reason: 'Insults.' }]]));
    await waitFor(() => expect(document.title).toBe('Comments | Dashboard | VGL'));
  });
});

describe('dashboard: a refused list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says why when the server refuses (a role taken away since the token was issued)", async () => {
    signInAs('moderator');
    stubFetch({ '/api/admin/comments': refusal(403, "You don't have permission to do this.") });
    renderRoutes(dashboardRoutes, '/dashboard/comments');
    expect((await screen.findByRole('alert')).textContent).toBe("You don't have permission to do this.");
  });
});

describe('dashboard: featured reviews', () => {
  beforeEach(() => signInAs('admin'));
  afterEach(() => vi.unstubAllGlobals());

  const first = aReview({ _id: '1', featured: true, user: { username: 'Ann', avatar: null }, game: { ...aReview().game, name: 'Tetris' } });
  const second = aReview({ _id: '2', featured: true, user: { username: 'Ben', avatar: null }, game: { ...aReview().game, name: 'Hades' } });
  const third = aReview({ _id: '3', featured: true, user: { username: 'Cat', avatar: null }, game: { ...aReview().game, name: 'Portal' } });

  it('moves a review down and unfeatures one, sending the new order', async () => {
    let order = [first, second, third];
    const requests = stubFetch({
      'GET /api/admin/featured': () => ({ body: order }),
      'GET /api/admin/reviews': listAnswer([]),
      'PUT /api/admin/featured': ({ body }) => {
        const ids = (body as { entryIds: number[] }).entryIds;
        order = ids.map((id) => order.find((review) => Number(review._id) === id)!);
        return { body: order };
      },
      'DELETE /api/admin/featured/3': () => {
        order = order.filter((review) => review._id !== '3');
        return { status: 204 };
      },
    });
    renderRoutes(dashboardRoutes, '/dashboard/reviews-ft');
    const list = async () => (await screen.findAllByRole('article')).map((item) => item.querySelector('p')!.textContent);
    await waitFor(async () => expect(await list()).toHaveLength(3));
    expect(screen.getByRole('button', { name: "Move up: Ann's review of Tetris" }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: "Move down: Cat's review of Portal" }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: "Move down: Ann's review of Tetris" }));
    await waitFor(() => expect(changes(requests)).toEqual([['PUT', '/api/admin/featured', { entryIds: [2, 1, 3] }]]));
    await waitFor(() => expect(toastStore.getState().text).toBe("Ann's review of Tetris is now number 2."));
    expect((await list()).map((text) => text!.split(' ')[0])).toEqual(['Ben', 'Ann', 'Cat']);

    fireEvent.click(screen.getByRole('button', { name: "Unfeature: Cat's review of Portal" }));
    await waitFor(() => expect((screen.queryAllByRole('article') ?? []).length).toBe(2));
    expect(changes(requests).at(-1)).toEqual(['DELETE', '/api/admin/featured/3', undefined]);
    await waitFor(() => expect(document.title).toBe('Featured reviews | Dashboard | VGL'));
  });

  it('features a review found by searching recent reviews', async () => {
    const requests = stubFetch({
      'GET /api/admin/featured': { body: [] },
      'GET /api/admin/reviews': listAnswer([aReview()]),
      'POST /api/admin/featured': { status: 201, body: aReview({ featured: true }) },
    });
    renderRoutes(dashboardRoutes, '/dashboard/reviews-ft?q=bob');
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: "Feature Bob's review of Celeste" }));
    await waitFor(() => expect(changes(requests)).toEqual([['POST', '/api/admin/featured', { entryId: 41 }]]));
    expect(requests.find((r) => r.url.pathname === '/api/admin/reviews')!.url.search).toBe('?q=bob&page=1&limit=10');
  });
});
