import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { GameCard } from '../catalog/catalogApi';

/** GET /api/games/by-link?url=: the game a shared link is about (404: no match). */
export const useGameByLink = (url: string | null) =>
  useQuery({
    queryKey: ['game-by-link', url],
    queryFn: async () => (await api.get<GameCard>(`/api/games/by-link?url=${encodeURIComponent(url!)}`)).data,
    enabled: url !== null,
    retry: false,
  });
