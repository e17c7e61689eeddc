import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DiaryEntry, DiaryFilters, DiaryEvent, LibraryEntry } from '@vgl/shared';
import { api } from '../../lib/api';
import { writeOrKeep, type KeptWrite } from '../offline/offlineWrites';
import type { GameDetails } from '../catalog/catalogApi';
import { libraryKeys } from '../library/libraryApi';
import { userKey } from '../profile/profileApi';

const diaryPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}/diary`;

/** What POST …/diary takes (PUT …/diary/{id} takes it without the game). */
export interface SessionBody {
  game: string;
  playedOn: string;
  event: DiaryEvent;
  rating: number | null;
  note: string | null;
  replay: boolean;
  /** The time played, in whole minutes. */
  minutes: number | null;
  platform: string | null;
}

/** Logs a session, or keeps it on the device when it is offline (features/offline) and counts it into the game's cached entry. */
export async function logSessionOrKeep(client: QueryClient, memberId: number | undefined, username: string, body: SessionBody, gameName: string): Promise<KeptWrite<DiaryEntry>> {
  const result = await writeOrKeep<DiaryEntry>(memberId, { method: 'POST', path: diaryPath(username), body, label: `Session of ${gameName} (${body.playedOn})` });
  if (result.kept) {
    client.setQueryData<LibraryEntry | null>(libraryKeys.entry(username, body.game), (entry) =>
      entry
        ? { ...entry, sessions: entry.sessions + 1, totalHours: body.minutes === null ? entry.totalHours : Math.round(((entry.totalHours ?? 0) + body.minutes / 60) * 10) / 10 }
        : entry,
    );
  }
  return result;
}

export const updateSession = async (username: string, id: number, { game: _game, ...body }: SessionBody) =>
  (await api.put<DiaryEntry>(`${diaryPath(username)}/${id}`, body)).data;

export const deleteSession = async (username: string, id: number) => {
  await api.delete(`${diaryPath(username)}/${id}`);
};

/** The years and platforms the member's diary holds, for its filter menus. */
export const useDiaryFilters = (username: string) =>
  useQuery({
    queryKey: [...userKey(username), 'diary-filters'],
    queryFn: async () => (await api.get<DiaryFilters>(`${diaryPath(username)}/filters`)).data,
    retry: false,
  });

/** After a session changes: the member's profile pages (diary, counts, library), the game's library entry and its plays (their hours). */
export function invalidateSession(client: QueryClient, username: string, gameSlug: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: userKey(username) }),
    client.invalidateQueries({ queryKey: libraryKeys.entry(username, gameSlug) }),
    client.invalidateQueries({ queryKey: libraryKeys.plays(username, gameSlug) }),
  ]);
}

/** A game's platforms, for a session of a game picked or edited on the diary page (the game page's cache entry, shared). */
export const useGamePlatforms = (slug: string) =>
  useQuery({
    queryKey: ['game', slug],
    enabled: slug !== '',
    retry: false,
    queryFn: async () => (await api.get<GameDetails>(`/api/igdb/games/${encodeURIComponent(slug)}`)).data,
    select: (game) => game.platforms.map(({ slug: platform, name }) => ({ slug: platform, name })),
  });
