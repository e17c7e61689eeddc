import { useInfiniteQuery } from '@tanstack/react-query';
import { SOCIAL_LIMITS, type ActivityItem } from '@vgl/shared';
import { api } from '../../lib/api';

/** The feed pages by cursor: this header carries the `before` of the next, older page; no header, no more. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export interface FeedPage {
  items: ActivityItem[];
  nextCursor: string | null;
}

export const activityKey = (username: string) => ['activity', username.toLowerCase()] as const;

/**
 * The signed-in user's feed, newest first. The first page (no `before`)
 * also marks the feed as seen on the server.
 */
export const useActivityFeed = (username: string) =>
  useInfiniteQuery({
    queryKey: activityKey(username),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<FeedPage> => {
      const query = new URLSearchParams({ limit: String(SOCIAL_LIMITS.feedPageSize) });
      if (pageParam) query.set('before', pageParam);
      const { data, headers } = await api.get<ActivityItem[]>(`/api/activity?${query.toString()}`, { signal });
      return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
    },
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });
