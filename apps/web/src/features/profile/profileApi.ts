import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  LIBRARY_LIMITS,
  PAGING,
  TOTAL_COUNT_HEADER,
  type DiaryEntry,
  type LibraryGame,
  type LibraryShelf,
  type LibrarySort,
  type PlayStatus,
  type ProfileOverview,
  type ReviewEntry,
} from '@vgl/shared';
import { api } from '../../lib/api';

export interface Paged<T> {
  items: T[];
  total: number;
}

/** Usernames are matched without regard to case; links and cache keys use the lower-cased form (SPEC §2). */
const userPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}`;

/** Every query about one user starts with this key, so a change to their data refreshes all of it. */
export const userKey = (username: string) => ['users', username.toLowerCase()] as const;

async function getPaged<T>(path: string): Promise<Paged<T>> {
  const { data, headers } = await api.get<T[]>(path);
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

const pageQuery = (page: number, limit: number) => new URLSearchParams({ page: String(page), limit: String(limit) });

export const useProfile = (username: string) =>
  useQuery({
    queryKey: [...userKey(username), 'overview'],
    queryFn: async () => (await api.get<ProfileOverview>(userPath(username))).data,
    retry: false,
  });

export interface LibraryFilter {
  /** Undefined: every status. */
  status?: PlayStatus;
  /** Undefined: not narrowed to the backlog or the wishlist. */
  shelf?: LibraryShelf;
  sort: LibrarySort;
  page: number;
}

export const useLibrary = (username: string, { status, shelf, sort, page }: LibraryFilter) =>
  useQuery({
    queryKey: [...userKey(username), 'library', { status, shelf, sort, page }],
    queryFn: () => {
      const query = pageQuery(page, PAGING.gamesPerPage);
      query.set('status', status === undefined ? 'any' : String(status));
      if (shelf) query.set('shelf', shelf);
      query.set('sort', sort);
      return getPaged<LibraryGame>(`${userPath(username)}/library?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The diary's filters (URL ?year=&platform=); undefined: every year, every platform. */
export interface DiaryFilter {
  year?: number | undefined;
  platform?: string | undefined;
}

export const useDiary = (username: string, page: number, { year, platform }: DiaryFilter = {}) =>
  useQuery({
    queryKey: [...userKey(username), 'diary', page, { year, platform }],
    queryFn: () => {
      const query = pageQuery(page, LIBRARY_LIMITS.diaryPerPage);
      if (year !== undefined) query.set('year', String(year));
      if (platform) query.set('platform', platform);
      return getPaged<DiaryEntry>(`${userPath(username)}/diary?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useReviews = (username: string, page: number) =>
  useQuery({
    queryKey: [...userKey(username), 'reviews', page],
    queryFn: () => getPaged<ReviewEntry>(`${userPath(username)}/reviews?${pageQuery(page, LIBRARY_LIMITS.reviewsPerPage).toString()}`),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useReview = (username: string, slug: string) =>
  useQuery({
    queryKey: [...userKey(username), 'review', slug],
    queryFn: async () => (await api.get<ReviewEntry>(`${userPath(username)}/reviews/${encodeURIComponent(slug)}`)).data,
    retry: false,
  });
