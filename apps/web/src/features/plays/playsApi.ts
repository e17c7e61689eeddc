import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Play, PlayReview } from '@vgl/shared';
// Type only: the game page does not load zod.
import type { PlayInput } from '@vgl/shared/schemas';
import { ApiRequestError, api } from '../../lib/api';
import { invalidateGameLibrary, libraryKeys } from '../library/libraryApi';
import { userKey } from '../profile/profileApi';

const userPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}`;
const gamePlaysPath = (username: string, slug: string) => `${userPath(username)}/library/${encodeURIComponent(slug)}/plays`;
const playPath = (username: string, id: number) => `${userPath(username)}/plays/${id}`;

export const playsKeys = {
  game: libraryKeys.plays,
  review: (username: string, slug: string, id: string) => [...userKey(username), 'play-review', slug, id] as const,
};

/** A member's plays of a game, first play first; null when the game is not in their library (404). */
export const usePlays = (username: string | undefined, slug: string, enabled = true) =>
  useQuery({
    queryKey: playsKeys.game(username ?? '', slug),
    enabled: Boolean(username) && enabled,
    retry: false,
    queryFn: async () => {
      try {
        return (await api.get<Play[]>(gamePlaysPath(username!, slug))).data;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** A replay's review page: the play, its game and its author. */
export const usePlayReview = (username: string, slug: string, id: string) =>
  useQuery({
    queryKey: playsKeys.review(username, slug, id),
    retry: false,
    queryFn: async () => (await api.get<PlayReview>(`${userPath(username)}/reviews/${encodeURIComponent(slug)}/plays/${encodeURIComponent(id)}`)).data,
  });

/** Logs a play: the first one adds the game to the library, any later one is a replay. */
export const logPlay = async (username: string, slug: string, body: PlayInput) => (await api.post<Play>(gamePlaysPath(username, slug), body)).data;

/** Saves a play whole (a field left out is cleared). */
export const savePlay = async (username: string, id: number, body: PlayInput) => (await api.put<Play>(playPath(username, id), body)).data;

/** Deletes a replay and its sessions (the first play stays: the server answers 400). */
export const deletePlay = async (username: string, id: number) => {
  await api.delete(playPath(username, id));
};

/**
 * After a play changes: its list, the library entry (the latest play's
 * verdict, its count of plays), the game (community rating), its reviews and
 * the member's profile pages (diary, reviews, counts).
 */
export function invalidatePlays(client: QueryClient, username: string, slug: string) {
  return Promise.all([
    invalidateGameLibrary(client, username, slug),
    client.invalidateQueries({ queryKey: userKey(username) }),
  ]);
}
