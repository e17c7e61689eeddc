import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import type { MemberPlatform } from '@vgl/shared';
import { api } from '../../lib/api';

const PATH = '/api/profile/platforms';
const key = ['settings', 'platforms'] as const;

/** GET /api/profile/platforms: the platforms the member said they own (empty: none named). */
export const useMemberPlatforms = () => useQuery({ queryKey: key, queryFn: async () => (await api.get<{ platforms: MemberPlatform[] }>(PATH)).data.platforms, retry: false });

/** PUT /api/profile/platforms: the whole set. Coming up depends on it, so its answers are asked again. */
export function useSaveMemberPlatforms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (platformIds: number[]) => (await api.put<{ platforms: MemberPlatform[] }>(PATH, { platformIds })).data.platforms,
    onSuccess: (platforms) => {
      client.setQueryData(key, platforms);
      void client.invalidateQueries({ queryKey: ['coming-up'] });
    },
  });
}
