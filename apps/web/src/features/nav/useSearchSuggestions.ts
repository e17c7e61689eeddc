import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import type { MemberCard } from '@vgl/shared';
import type { GameCard } from '../catalog/catalogApi';
import { useMemberSuggestions } from '../people/peopleApi';

/** Suggestions start at this many characters and show at most this many games. */
export const SUGGEST = { minChars: 2, limit: 6, debounceMs: 150 } as const;

/** The value after it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Up to six games for what is typed in the nav's search box (the catalog
 * search, page 1), up to three members when asked for, and whether the search for exactly what is typed now
 * found nothing (the box then says so and offers to add the game), or only
 * games it is probably not (`unsure`: the box says first that the game may
 * not be in the catalog).
 */
export function useSearchSuggestions(
  query: string,
  { people = false }: { people?: boolean } = {},
): { games: GameCard[]; people: MemberCard[]; nothingFound: boolean; unsure: boolean } {
  const q = useDebounced(query.trim(), SUGGEST.debounceMs);
  const enabled = q.length >= SUGGEST.minChars;
  // Members (the nav's box only): asked beside the games, shown under them.
  const members = useMemberSuggestions(q, people && enabled);
  const result = useQuery({
    queryKey: ['suggest', q],
    enabled,
    queryFn: async ({ signal }) => {
      const { data, headers } = await api.get<GameCard[]>(`/api/igdb/search?${new URLSearchParams({ q, p: '1', limit: String(SUGGEST.limit) })}`, { signal });
      return { games: data, unsure: headers.get('X-Search-Unsure') === '1' };
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  const current = enabled && query.trim().length >= SUGGEST.minChars;
  const settled = current && q === query.trim() && result.isSuccess && !result.isPlaceholderData && !result.isFetching;
  return {
    games: current ? (result.data?.games ?? []) : [],
    people: current ? members : [],
    nothingFound: settled && result.data.games.length === 0,
    unsure: settled && result.data.unsure && result.data.games.length > 0,
  };
}
