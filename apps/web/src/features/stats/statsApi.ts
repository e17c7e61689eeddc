import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberStats, YearInReview } from '@vgl/shared/stats';
import { api } from '../../lib/api';
import { userKey } from '../profile/profileApi';

const userPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}`;

/**
 * A member's stats for a year (undefined: all time). Under userKey, so logging,
 * editing or deleting a session (which refreshes everything about the member)
 * refreshes the stats too.
 */
export const useMemberStats = (username: string, year: number | undefined) =>
  useQuery({
    queryKey: [...userKey(username), 'stats', year ?? 'all'],
    queryFn: async () => (await api.get<MemberStats>(`${userPath(username)}/stats${year === undefined ? '' : `?year=${year}`}`)).data,
    // While another year loads, the last one stays on screen; never another member's.
    placeholderData: (previous, query) => (query?.queryKey[1] === username.toLowerCase() ? keepPreviousData(previous) : undefined),
    retry: false,
  });

export const useYearInReview = (username: string, year: number) =>
  useQuery({
    queryKey: [...userKey(username), 'year', year],
    queryFn: async () => (await api.get<YearInReview>(`${userPath(username)}/year/${year}`)).data,
    retry: false,
  });
