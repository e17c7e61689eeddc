import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES, TOTAL_COUNT_HEADER, type EntryGame, type LibraryGame } from '@vgl/shared';
import { api, apiUpload } from '../../lib/api';
import { trigger } from '../../stores/renderTriggers';
import { userKey } from '../profile/profileApi';

/** The limits the server checks (packages/shared), as far as the forms check them before sending. */
export const BIO_MAX_LENGTH = SETTINGS_LIMITS.bioMaxLength;
export const AVATAR_RULES = {
  types: SETTINGS_LIMITS.avatarTypes,
  maxBytes: SETTINGS_LIMITS.avatarMaxBytes,
  notImage: SETTINGS_MESSAGES.avatarNotImage,
  tooLarge: SETTINGS_MESSAGES.avatarTooLarge,
} as const;

/** GET /api/profile: the signed-in user's own profile, as the settings pages edit it. */
export interface OwnProfile {
  username: string;
  email: string;
  bio: string | null;
  avatar: string | null;
  favourites: EntryGame[];
}

const PROFILE = '/api/profile';
const ownProfileKey = (username: string) => ['settings', 'profile', username.toLowerCase()] as const;

export const useOwnProfile = (username: string) =>
  useQuery({
    queryKey: ownProfileKey(username),
    queryFn: async () => (await api.get<OwnProfile>(PROFILE)).data,
    retry: false,
  });

/**
 * A profile change: the settings pages take the answer as it is, the public
 * profile pages load again, and `nav` rises so the nav's picture follows.
 */
function useProfileChange<TInput>(username: string, change: (input: TInput) => Promise<Partial<OwnProfile>>, { nav = false } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (answer) => {
      client.setQueryData<OwnProfile>(ownProfileKey(username), (old) => (old ? { ...old, ...answer } : old));
      if (nav) trigger('nav');
      await client.invalidateQueries({ queryKey: userKey(username) });
    },
  });
}

export const useSaveBio = (username: string) =>
  useProfileChange(username, async (bio: string) => (await api.put<OwnProfile>(PROFILE, { bio })).data);

export const useSaveFavourites = (username: string) =>
  useProfileChange(username, async (slugs: string[]) => (await api.put<OwnProfile>(`${PROFILE}/favourites`, { games: slugs })).data);

export const useUploadAvatar = (username: string) =>
  useProfileChange(
    username,
    async (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return (await apiUpload<{ avatar: string | null }>(`${PROFILE}/avatar`, form)).data;
    },
    { nav: true },
  );

export const useRemoveAvatar = (username: string) =>
  useProfileChange(username, async () => (await api.delete<{ avatar: string | null }>(`${PROFILE}/avatar`)).data, { nav: true });

/** The client-side check of a chosen picture; the server checks the content again. */
export function avatarFileError(file: File): string | undefined {
  if (!(AVATAR_RULES.types as readonly string[]).includes(file.type)) return AVATAR_RULES.notImage;
  if (file.size > AVATAR_RULES.maxBytes) return AVATAR_RULES.tooLarge;
  return undefined;
}

const PICKER_PAGE = 60;

/** The owner's library by name, 60 at a time, for the favourites picker. */
export const useLibraryForPicker = (username: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...userKey(username), 'library', 'picker'],
    enabled,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(PICKER_PAGE), sort: 'name', page: String(pageParam) });
      const { data, headers } = await api.get<LibraryGame[]>(`/api/users/${encodeURIComponent(username.toLowerCase())}/library?${query.toString()}`);
      return { games: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length), page: pageParam };
    },
    getNextPageParam: (last) => (last.page * PICKER_PAGE < last.total ? last.page + 1 : undefined),
    retry: false,
  });

/** POST /api/auth/email: a confirmation link goes to the new address; the answer's message says so. */
export const requestEmailChange = async (email: string, password: string) =>
  (await api.post<{ message: string }>('/api/auth/email', { email, password })).data;

/** POST /api/auth/password: the new token (other sessions are signed out). */
export const changePassword = async (input: { currentPassword: string; password: string; password2: string }) =>
  (await api.post<{ token: string }>('/api/auth/password', input)).data;

/** DELETE /api/profile: the account and everything in it is removed (204). */
export const deleteAccount = async (password: string) => {
  await api.delete(PROFILE, { password });
};

/** GET /api/profile/suspension. suspendedAt as the server sends it (unix ms or an ISO date). */
export interface Suspension {
  suspended: boolean;
  reason: string | null;
  suspendedAt: number | string | null;
}

export const useSuspension = (username: string, claim: boolean) =>
  useQuery({
    // The token's claim is part of the key: when a refresh changes it, ask again.
    queryKey: ['settings', 'suspension', username.toLowerCase(), claim],
    queryFn: async () => (await api.get<Suspension>(`${PROFILE}/suspension`)).data,
    retry: false,
  });
