import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PEOPLE_LIMITS, TOTAL_COUNT_HEADER, type KnownMember, type MemberCard, type MemberSort } from '@vgl/shared';
import { api } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import type { Paged } from '../profile/profileApi';

/**
 * Every member query starts with 'members' and holds a Paged<MemberCard>, so
 * a follow anywhere updates the cards here too (followsApi's applyFollow).
 */
export const MEMBERS_KEY = 'members';

async function fetchMembers(params: Record<string, string>, signal?: AbortSignal): Promise<Paged<MemberCard>> {
  const { data, headers } = await api.get<MemberCard[]>(`/api/users?${new URLSearchParams(params)}`, { signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

/** One page of the directory (no q) or of member search (q). The viewer is in the key: each card says whether they follow. */
export function useMembers({ q, sort, page, limit = PEOPLE_LIMITS.perPage }: { q: string; sort: MemberSort; page: number; limit?: number }) {
  const viewer = useAuth((s) => s.user?.username.toLowerCase() ?? null);
  return useQuery({
    queryKey: [MEMBERS_KEY, q ? 'search' : sort, q, page, limit, viewer],
    queryFn: ({ signal }) => fetchMembers({ ...(q ? { q } : { sort }), page: String(page), limit: String(limit) }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * The nav's type-ahead: up to three members for what is typed (already
 * debounced by the caller). A failure shows no members, never an error: the
 * games are what the box is for.
 */
export function useMemberSuggestions(q: string, enabled: boolean): MemberCard[] {
  const result = useQuery({
    queryKey: [MEMBERS_KEY, 'suggest', q],
    enabled: enabled && q.length > 0,
    queryFn: ({ signal }) => fetchMembers({ q, page: '1', limit: String(PEOPLE_LIMITS.typeAhead) }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  return enabled && !result.isError ? (result.data?.items ?? []) : [];
}

/** Members followed by the people the viewer follows (signed in only), as a Paged list like the other member queries. */
export function usePeopleYouMayKnow() {
  const viewer = useAuth((s) => s.user?.username.toLowerCase() ?? null);
  return useQuery({
    queryKey: [MEMBERS_KEY, 'may-know', viewer],
    enabled: viewer !== null,
    queryFn: async ({ signal }): Promise<Paged<KnownMember>> => {
      const { data } = await api.get<KnownMember[]>('/api/people/you-may-know', { signal });
      return { items: data, total: data.length };
    },
    retry: false,
  });
}
