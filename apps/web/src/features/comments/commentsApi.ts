import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SOCIAL_LIMITS, TOTAL_COUNT_HEADER, type CommentEntry } from '@vgl/shared';
import { api } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import { libraryKeys } from '../library/libraryApi';
import { userKey, type Paged } from '../profile/profileApi';

/** The review the comments belong to, as its page knows it. */
export interface CommentedReview {
  /** The review author's username. */
  username: string;
  slug: string;
  /** The game's slug: its page lists the review card with the comment count. */
  gameSlug: string;
}

const commentsPath = ({ username, slug }: CommentedReview) =>
  `/api/users/${encodeURIComponent(username.toLowerCase())}/reviews/${encodeURIComponent(slug)}/comments`;

const commentPath = (id: number) => `/api/comments/${id}`;

/** Under the review's own key, so refreshing the review refreshes its comments too. */
export const commentsKey = ({ username, slug }: CommentedReview) => [...userKey(username), 'review', slug, 'comments'] as const;

/** One page of a review's comments, oldest first. The viewer is in the key: viewerCan depends on who asks. */
export function useComments(review: CommentedReview, page: number) {
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
 * A comment came or went: the review's count changes wherever a card shows it
 * (the review, the author's reviews and overview, the game's reviews).
 */
function invalidateCommentCounts(client: QueryClient, review: CommentedReview) {
  return Promise.all([
    client.invalidateQueries({ queryKey: userKey(review.username) }),
    client.invalidateQueries({ queryKey: libraryKeys.gameReviews(review.gameSlug) }),
  ]);
}

export function usePostComment(review: CommentedReview) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => (await api.post<CommentEntry>(commentsPath(review), { body })).data,
    onSuccess: () => invalidateCommentCounts(client, review),
  });
}

export function useEditComment(review: CommentedReview) {
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

export function useDeleteComment(review: CommentedReview) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(commentPath(id)),
    onSuccess: () => invalidateCommentCounts(client, review),
  });
}
