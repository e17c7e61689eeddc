import { useQuery } from '@tanstack/react-query';
import { api } from './api';

interface PlatformName {
  slug: string;
  name: string;
}

/**
 * Platform names by slug, for blocks that get only slugs (a review's
 * `platform`, SPEC §3). One GET /api/igdb/platforms per hour for the whole
 * app: the same query (key and call) as the catalog's usePlatforms, so the
 * filters and the review cards share one answer. Undefined until it arrives
 * (or when `enabled` is false: nothing to name, nothing fetched).
 */
export function usePlatformNames(enabled = true): Readonly<Record<string, string>> | undefined {
  return useQuery({
    queryKey: ['platforms'],
    staleTime: 3_600_000,
    queryFn: async () => (await api.get<PlatformName[]>('/api/igdb/platforms')).data,
    select: namesBySlug,
    enabled,
  }).data;
}

// Module-level, so React Query keeps the mapped object until the list itself changes.
function namesBySlug(platforms: PlatformName[]): Record<string, string> {
  return Object.fromEntries(platforms.map((p) => [p.slug, p.name]));
}
