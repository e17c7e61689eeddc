import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { SOCIAL_LIMITS, TOTAL_COUNT_HEADER, type ProfileOverview, type SuggestedMember, type UserCard } from '@vgl/shared';
import { api } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import { userKey, type Paged } from '../profile/profileApi';

export type FollowList = 'following' | 'followers';

export interface FollowResult {
  isFollowing: boolean;
  followers: number;
  /** The member is private: the follow waits for their approval. */
  isRequested?: boolean;
}

const userPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}`;

const overviewKey = (username: string) => [...userKey(username), 'overview'] as const;

/** Any user's following or followers list: ['users', name, 'following' | 'followers', page, viewer]. */
const isFollowList = ({ queryKey }: Query) => queryKey[0] === 'users' && (queryKey[2] === 'following' || queryKey[2] === 'followers');

/** One page of the people a user follows, or of their followers. The viewer is in the key: each card says whether they follow. */
export function useFollowList(username: string, list: FollowList, page: number) {
  const viewer = useAuth((s) => s.user?.username.toLowerCase() ?? null);
  return useQuery({
    queryKey: [...userKey(username), list, page, viewer],
    queryFn: async (): Promise<Paged<UserCard>> => {
      const query = new URLSearchParams({ page: String(page), limit: String(SOCIAL_LIMITS.usersPerPage) });
      const { data, headers } = await api.get<UserCard[]>(`${userPath(username)}/${list}?${query.toString()}`);
      return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * The answer to a follow or unfollow, put everywhere the person shows: their
 * profile header and any card of them in a loaded list. Lists are only marked
 * stale, not refetched, so a card just unfollowed stays until the next visit
 * (and can be followed again); the viewer's own counts refresh.
 */
function applyFollow(client: QueryClient, username: string, viewer: string | undefined, result: FollowResult) {
  const name = username.toLowerCase();
  client.setQueryData<ProfileOverview>(overviewKey(username), (profile) =>
    profile
      ? { ...profile, isFollowing: result.isFollowing, followRequested: result.isRequested ?? false, counts: { ...profile.counts, followers: result.followers } }
      : profile,
  );
  const mark = (page: Paged<UserCard> | undefined) =>
    page
      ? {
          ...page,
          items: page.items.map((card) =>
            card.username.toLowerCase() === name ? { ...card, isFollowing: result.isFollowing, followers: result.followers } : card,
          ),
        }
      : page;
  client.setQueriesData<Paged<UserCard>>({ predicate: isFollowList }, mark);
  // Member search, the directory and people you may know (features/people) hold the same cards.
  client.setQueriesData<Paged<UserCard>>({ queryKey: ['members'] }, mark);
  // The activity page's suggestions (onboarding) show the same button.
  client.setQueriesData<(SuggestedMember & { isFollowing?: boolean })[]>({ queryKey: ['suggested-members'] }, (list) =>
    list?.map((m) => (m.user.username.toLowerCase() === name ? { ...m, isFollowing: result.isFollowing } : m)),
  );
  void client.invalidateQueries({ queryKey: ['first-steps'] });
  // Not awaited: the button is done once the answer is shown; the refetches only confirm the counts.
  void client.invalidateQueries({ queryKey: overviewKey(username) });
  if (viewer) void client.invalidateQueries({ queryKey: overviewKey(viewer) });
  void client.invalidateQueries({ predicate: isFollowList, refetchType: 'none' });
}

/** Follow (true) or unfollow (false) a user. */
export function useFollow(username: string) {
  const client = useQueryClient();
  const viewer = useAuth((s) => s.user?.username);
  return useMutation({
    mutationFn: async (follow: boolean) => {
      const path = `${userPath(username)}/follow`;
      return (follow ? await api.post<FollowResult>(path) : await api.delete<FollowResult>(path)).data;
    },
    onSuccess: (result) => applyFollow(client, username, viewer, result),
  });
}

/** Asks for the profile again: it was loaded before the viewer signed in, so it cannot say whether they follow. */
export const refreshProfile = (client: QueryClient, username: string) => client.invalidateQueries({ queryKey: overviewKey(username) });
