import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { LIBRARY_LIMITS, TOTAL_COUNT_HEADER, type LibraryEntry, type ReviewEntry } from '@vgl/shared';
// Type only: erased from the bundle, so the game page does not load zod.
import type { LibraryEntryInput } from '@vgl/shared/schemas';
import { ApiRequestError, api } from '../../lib/api';
import { writeOrKeep, type KeptWrite } from '../offline/offlineWrites';

const entryPath = (username: string, slug: string) =>
  `/api/users/${encodeURIComponent(username.toLowerCase())}/library/${encodeURIComponent(slug)}`;

export const libraryKeys = {
  entry: (username: string, slug: string) => ['library-entry', username.toLowerCase(), slug] as const,
  gameReviews: (slug: string) => ['game-reviews', slug] as const,
  /** The member's plays of the game (features/plays): the entry's first play moves with the entry. */
  plays: (username: string, slug: string) => ['plays', username.toLowerCase(), slug] as const,
};

/** The signed-in user's entry for a game: null when the game is not in their library (404). */
export const useLibraryEntry = (username: string | undefined, slug: string) =>
  useQuery({
    queryKey: libraryKeys.entry(username ?? '', slug),
    enabled: Boolean(username),
    retry: false,
    queryFn: async () => {
      try {
        return (await api.get<LibraryEntry>(entryPath(username!, slug))).data;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const saveLibraryEntry = async (username: string, slug: string, body: LibraryEntryInput) =>
  (await api.put<LibraryEntry>(entryPath(username, slug), body)).data;

/**
 * Saves the entry, or keeps the save on the device when it is offline
 * (features/offline); kept, the cached entry shows the change (`shown`) at once.
 */
export async function saveLibraryEntryOrKeep(
  client: QueryClient,
  memberId: number | undefined,
  target: { username: string; slug: string; label: string },
  body: LibraryEntryInput,
  shown: Partial<Pick<LibraryEntry, 'status' | 'rating'>>,
): Promise<KeptWrite<LibraryEntry>> {
  const result = await writeOrKeep<LibraryEntry>(memberId, { method: 'PUT', path: entryPath(target.username, target.slug), body, label: target.label });
  if (result.kept) client.setQueryData<LibraryEntry | null>(libraryKeys.entry(target.username, target.slug), (entry) => (entry ? { ...entry, ...shown } : entry));
  return result;
}

export const removeLibraryEntry = async (username: string, slug: string) => {
  await api.delete(entryPath(username, slug));
};

/** After a save or removal: the entry, its plays, the game (its community rating) and its reviews change. */
export function invalidateGameLibrary(client: QueryClient, username: string, slug: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: libraryKeys.entry(username, slug) }),
    client.invalidateQueries({ queryKey: libraryKeys.plays(username, slug) }),
    client.invalidateQueries({ queryKey: ['game', slug] }),
    client.invalidateQueries({ queryKey: libraryKeys.gameReviews(slug) }),
  ]);
}

interface ReviewsPage {
  items: ReviewEntry[];
  total: number;
}

/** A game's reviews, a page at a time, for the "More reviews" button. */
export const useGameReviews = (slug: string) =>
  useInfiniteQuery({
    queryKey: libraryKeys.gameReviews(slug),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<ReviewsPage> => {
      const { data, headers } = await api.get<ReviewEntry[]>(
        `/api/igdb/games/${encodeURIComponent(slug)}/reviews?page=${pageParam}&limit=${LIBRARY_LIMITS.reviewsPerPage}`,
      );
      return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
  });
