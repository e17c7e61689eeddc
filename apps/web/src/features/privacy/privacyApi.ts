import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceCard, PrivacySettings, ProfileOverview, RemoteFollower } from '@vgl/shared';
import { api } from '../../lib/api';
import { userKey } from '../profile/profileApi';

const userPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}`;
const PRIVACY = '/api/profile/privacy';
export type AudienceListKind = 'blocks' | 'mutes' | 'follow-requests';
const listKey = (kind: AudienceListKind) => ['audience', kind] as const;
const privacyKey = ['audience', 'privacy'] as const;

export const usePrivacySettings = () => useQuery({ queryKey: privacyKey, queryFn: async () => (await api.get<PrivacySettings>(PRIVACY)).data, retry: false });

export function useSavePrivacy(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: Partial<PrivacySettings>) => (await api.put<PrivacySettings>(PRIVACY, change)).data,
    onSuccess: async (answer) => {
      client.setQueryData(privacyKey, answer);
      // Going public lets the waiting requests in.
      await Promise.all([
        client.invalidateQueries({ queryKey: listKey('follow-requests') }),
        client.invalidateQueries({ queryKey: ['audience', 'remote'] }),
        client.invalidateQueries({ queryKey: userKey(username) }),
      ]);
    },
  });
}

export const useAudienceList = (kind: AudienceListKind) =>
  useQuery({ queryKey: listKey(kind), queryFn: async () => (await api.get<AudienceCard[]>(`/api/${kind}`)).data, retry: false });

/**
 * Block or mute someone (on: true) or undo it. The lists in Settings and the
 * member's profile (whose header says it, and which a block empties) load again.
 */
export function useAudienceToggle(what: 'block' | 'mute', username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      const path = `${userPath(username)}/${what}`;
      return (on ? await api.post<unknown>(path) : await api.delete<unknown>(path)).data;
    },
    onSuccess: async (_answer, on) => {
      client.setQueriesData<ProfileOverview>({ queryKey: userKey(username) }, (p) =>
        p && 'counts' in p ? { ...p, ...(what === 'block' ? { viewerBlocks: on, ...(on ? { isFollowing: false } : {}) } : { viewerMutes: on }) } : p,
      );
      await Promise.all([client.invalidateQueries({ queryKey: listKey(what === 'block' ? 'blocks' : 'mutes') }), client.invalidateQueries({ queryKey: userKey(username) })]);
    },
  });
}

/** Approve or decline a follow request. */
export function useAnswerRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, answer }: { username: string; answer: 'approve' | 'decline' }) =>
      (await api.post<null>(`/api/follow-requests/${encodeURIComponent(username.toLowerCase())}/${answer}`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: listKey('follow-requests') }),
  });
}

/** Accounts on other servers asking to follow you ('requests') or following you ('followers'). */
export type RemoteListKind = 'requests' | 'followers';
const REMOTE_PATHS: Record<RemoteListKind, string> = { requests: '/api/follow-requests/remote', followers: '/api/remote-followers' };
const remoteKey = (kind: RemoteListKind) => ['audience', 'remote', kind] as const;

export const useRemoteList = (kind: RemoteListKind) =>
  useQuery({ queryKey: remoteKey(kind), queryFn: async () => (await api.get<RemoteFollower[]>(REMOTE_PATHS[kind])).data, retry: false });

/** Approve or decline a follow request from another server, or remove a follower there: both lists load again. */
export function useAnswerRemote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: number; answer: 'approve' | 'decline' | 'remove' }) =>
      (answer === 'remove' ? await api.delete<null>(`${REMOTE_PATHS.followers}/${id}`) : await api.post<null>(`${REMOTE_PATHS.requests}/${id}/${answer}`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['audience', 'remote'] }),
  });
}
