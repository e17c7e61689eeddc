import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteAccountBlock } from '@vgl/shared';
import { api } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import { userKey } from '../profile/profileApi';
import { followingKey, remoteFeedKey } from './followingApi';

const BLOCKS = '/api/federation/blocks';
export const remoteBlocksKey = ['federation', 'blocks'] as const;

/** The accounts on other servers the signed-in member blocks, newest first. */
export const useRemoteBlocks = (enabled = true) =>
  useQuery({ queryKey: remoteBlocksKey, queryFn: async () => (await api.get<RemoteAccountBlock[]>(BLOCKS)).data, retry: false, enabled });

/**
 * Blocks an account on another server (by its actor id or @name@host). What a block removes loads again: the
 * remote followers, the follows and feed of the Other servers tab, and the member's own pages (their reviews' comments and counts).
 */
export function useBlockRemote() {
  const client = useQueryClient();
  const me = useAuth((s) => s.user?.username ?? '');
  return useMutation({
    mutationFn: async (account: string) => (await api.post<RemoteAccountBlock>(BLOCKS, { account })).data,
    onSuccess: () =>
      Promise.all(
        [remoteBlocksKey, followingKey, remoteFeedKey, ['audience', 'remote'], userKey(me)].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}

export function useUnblockRemote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<null>(`${BLOCKS}/${id}`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: remoteBlocksKey }),
  });
}
