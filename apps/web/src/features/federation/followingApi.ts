import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { RemoteFollowing, RemotePost, RemotePostReply } from '@vgl/shared';
import { api } from '../../lib/api';

const FOLLOWING = '/api/federation/following';
const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
const FEED_PAGE_SIZE = 20;

export const followingKey = ['federation', 'following'] as const;
export const remoteFeedKey = ['federation', 'feed'] as const;

/** The accounts on other servers the signed-in member follows, newest first. */
export const useRemoteFollowing = () => useQuery({ queryKey: followingKey, queryFn: async () => (await api.get<RemoteFollowing[]>(FOLLOWING)).data, retry: false });

/** Their posts, newest first, by cursor (X-Next-Cursor, as the members' feed). */
export const useRemoteFeed = () =>
  useInfiniteQuery({
    queryKey: remoteFeedKey,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
      if (pageParam) query.set('before', pageParam);
      const { data, headers } = await api.get<RemotePost[]>(`/api/federation/feed?${query.toString()}`, { signal });
      return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
    },
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });

/** Follow an account elsewhere: the list loads again (the follow is new, or the one there was). */
export function useFollowRemote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (account: string) => (await api.post<RemoteFollowing>(FOLLOWING, { account })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: followingKey }),
  });
}

/** Stop following: the list and the posts (theirs go from the feed) load again. */
export function useUnfollowRemote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<null>(`${FOLLOWING}/${id}`)).data,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: followingKey }), client.invalidateQueries({ queryKey: remoteFeedKey })]),
  });
}

interface FeedPage {
  items: RemotePost[];
  nextCursor: string | null;
}

/** Changes one post of the cached feed in place. */
const updatePost = (client: ReturnType<typeof useQueryClient>, id: number, change: (post: RemotePost) => RemotePost) =>
  client.setQueryData<InfiniteData<FeedPage>>(remoteFeedKey, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((post) => (post.id === id ? change(post) : post)) })) } : data,
  );

/** Like a post of an account followed elsewhere (liked: true) or take it back; the feed shows it at once, and again as it was if it fails. */
export function useLikeRemotePost() {
  const client = useQueryClient();
  const mark = (id: number, liked: boolean) => updatePost(client, id, (post) => ({ ...post, viewerLiked: liked }));
  return useMutation({
    mutationFn: async ({ id, liked }: { id: number; liked: boolean }) => {
      const path = `/api/federation/feed/${id}/like`;
      return (liked ? await api.post<null>(path) : await api.delete<null>(path)).data;
    },
    onMutate: ({ id, liked }) => mark(id, liked),
    onError: (_error, { id, liked }) => mark(id, !liked),
  });
}

/** Reply to a post of an account followed elsewhere: the reply shows under it once sent. */
export function useReplyToRemotePost(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => (await api.post<RemotePostReply>(`/api/federation/feed/${postId}/replies`, { text })).data,
    onSuccess: (reply) => updatePost(client, postId, (post) => ({ ...post, viewerReplies: [...post.viewerReplies, reply] })),
  });
}

/** Delete one's reply: its server is sent a Delete, and it goes from under the post. */
export function useDeleteRemoteReply(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (replyId: number) => (await api.delete<null>(`/api/federation/feed/${postId}/replies/${replyId}`)).data,
    onSuccess: (_data, replyId) => updatePost(client, postId, (post) => ({ ...post, viewerReplies: post.viewerReplies.filter((reply) => reply.id !== replyId) })),
  });
}
