import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SOCIAL_LIMITS, TOTAL_COUNT_HEADER, type CommentEntry } from '@vgl/shared';
import { api } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import { libraryKeys } from '../library/libraryApi';
import { userKey, type Paged } from '../profile/profileApi';

/** The review the comments belong to, as its page knows it. */
export interface CommentedReview {
  kind?: 'review';
  /** The review author's username. */
  username: string;
  slug: string;
  /** The game's slug: its page lists the review card with the comment count. */
  gameSlug: string;
}

/** A member's list, whose comments work the same way. */
export interface CommentedList {
  kind: 'list';
  /** The list owner's username. */
  username: string;
  slug: string;
}

/** What the comments are under: a review or a list. */
export type CommentTarget = CommentedReview | CommentedList;

const kindPath = (target: CommentTarget) => (target.kind === 'list' ? 'lists' : 'reviews');

const commentsPath = (target: CommentTarget) =>
  `/api/users/${encodeURIComponent(target.username.toLowerCase())}/${kindPath(target)}/${encodeURIComponent(target.slug)}/comments`;

const commentPath = (id: number) => `/api/comments/${id}`;

/** Under the review's or list's own key, so refreshing it refreshes its comments too. */
export const commentsKey = (target: CommentTarget) =>
  target.kind === 'list'
    ? ([...userKey(target.username), 'lists', 'one', target.slug, 'comments'] as const)
    : ([...userKey(target.username), 'review', target.slug, 'comments'] as const);

/** One page of a review's comments, oldest first. The viewer is in the key: viewerCan depends on who asks. */
export function useComments(review: CommentTarget, page: number) {
  const viewer = useAuth((s) => s.user?.username.toLowerCase() ?? null);
  return useQuery({
    queryKey: [...commentsKey(review), page, viewer],
    queryFn: async (): Promise<Paged<CommentEntry>> => {
      const query = new URLSearchParams({ page: String(page), limit: String(SOCIAL_LIMITS.commentsPerPage) });
      const { data, headers } = await api.get<CommentEntry[]>(`${commentsPath(review)}?${query.toString()}`);
      return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * A comment came or went: the count changes wherever a card shows it (a
 * review: the review, the author's reviews and overview, the game's reviews;
 * a list: the list, its owner's lists, the lists on game pages and Explore).
 */
function invalidateCommentCounts(client: QueryClient, target: CommentTarget) {
  const elsewhere = target.kind === 'list' ? [['game-lists'], ['lists']] : [libraryKeys.gameReviews(target.gameSlug)];
  return Promise.all([userKey(target.username), ...elsewhere].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function usePostComment(review: CommentTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => (await api.post<CommentEntry>(commentsPath(review), { body })).data,
    onSuccess: () => invalidateCommentCounts(client, review),
  });
}

export function useEditComment(review: CommentTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) => (await api.put<CommentEntry>(commentPath(id), { body })).data,
    onSuccess: (saved) => {
      // Show the new text at once; the refetch only confirms it.
      client.setQueriesData<Paged<CommentEntry>>({ queryKey: commentsKey(review) }, (page) =>
        page ? { ...page, items: page.items.map((c) => (c.id === saved.id ? saved : c)) } : page,
      );
      return client.invalidateQueries({ queryKey: commentsKey(review) });
    },
  });
}

export function useDeleteComment(review: CommentTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(commentPath(id)),
    onSuccess: () => invalidateCommentCounts(client, review),
  });
}

/** Hides a reply from the fediverse (a moderator, or the review's author): it leaves the thread and its count. */
export function useRemoveRemoteReply(review: CommentTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/federation/replies/${id}`),
    onSuccess: () => invalidateCommentCounts(client, review),
  });
}
