import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIST_LIMITS, TOTAL_COUNT_HEADER, type ListDetail, type ListItem, type ListSort, type ListSummary, type ListVisibility } from '@vgl/shared';
import { api } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import { userKey, type Paged } from '../profile/profileApi';

/** What the list form sends (POST …/lists, PUT …/lists/{slug}). */
export interface ListForm {
  title: string;
  description: string;
  ranked: boolean;
  /** Who sees it: everyone, your followers too, or only you. */
  visibility: ListVisibility;
}

const listsPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}/lists`;
export const listPath = (username: string, slug: string) => `${listsPath(username)}/${encodeURIComponent(slug)}`;

/** Under the owner's key, so anything that refreshes a member's data refreshes their lists too. */
export const listKeys = {
  ofUser: (username: string) => [...userKey(username), 'lists'] as const,
  one: (username: string, slug: string) => [...userKey(username), 'lists', 'one', slug] as const,
  ofGame: (slug: string) => ['game-lists', slug] as const,
  browse: (sort: ListSort) => ['lists', sort] as const,
};

async function getPaged<T>(path: string): Promise<Paged<T>> {
  const { data, headers } = await api.get<T[]>(path);
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

/** A member's lists, a page at a time (the viewer is in the key: owners also see their private ones). */
export function useUserLists(username: string, page: number) {
  const viewer = useAuth((s) => s.user?.username.toLowerCase() ?? null);
  return useQuery({
    queryKey: [...listKeys.ofUser(username), 'page', page, viewer],
    queryFn: () => getPaged<ListSummary>(`${listsPath(username)}?page=${page}&limit=${LIST_LIMITS.listsPerPage}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** All of the signed-in member's lists, each saying whether it holds the game (the "Add to list" dialog). */
export const useMyListsFor = (username: string, gameSlug: string) =>
  useQuery({
    queryKey: [...listKeys.ofUser(username), 'holding', gameSlug],
    queryFn: async () => (await api.get<ListSummary[]>(`${listsPath(username)}?limit=${LIST_LIMITS.listsPerMember}&game=${encodeURIComponent(gameSlug)}`)).data,
    retry: false,
  });

export function useList(username: string, slug: string) {
  const viewer = useAuth((s) => s.user?.username.toLowerCase() ?? null);
  return useQuery({
    queryKey: [...listKeys.one(username, slug), viewer],
    queryFn: async () => (await api.get<ListDetail>(listPath(username, slug))).data,
    retry: false,
  });
}

export const useGameLists = (gameSlug: string) =>
  useQuery({
    queryKey: listKeys.ofGame(gameSlug),
    queryFn: () => getPaged<ListSummary>(`/api/igdb/games/${encodeURIComponent(gameSlug)}/lists?limit=${LIST_LIMITS.gamePageLists}`),
    retry: false,
  });

export const useBrowseLists = (sort: ListSort, limit: number) =>
  useQuery({
    queryKey: [...listKeys.browse(sort), limit],
    queryFn: async () => (await api.get<ListSummary[]>(`/api/lists?sort=${sort}&limit=${limit}`)).data,
    retry: false,
  });

/** A list changed: its page, its owner's lists, and the game pages and Explore that show lists. */
function refreshLists(client: QueryClient, username: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: listKeys.ofUser(username) }),
    client.invalidateQueries({ queryKey: ['game-lists'] }),
    client.invalidateQueries({ queryKey: ['lists'] }),
  ]);
}

// isPublic as older servers read it; `visibility` only for the level they do not know (followers).
const body = (form: ListForm) => ({
  title: form.title,
  description: form.description,
  ranked: form.ranked,
  isPublic: form.visibility === 'public',
  ...(form.visibility === 'followers' ? { visibility: form.visibility } : {}),
});

export function useCreateList(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: ListForm) => (await api.post<ListDetail>(listsPath(username), body(form))).data,
    onSuccess: () => refreshLists(client, username),
  });
}

export function useUpdateList(username: string, slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: ListForm) => (await api.put<ListDetail>(listPath(username, slug), body(form))).data,
    onSuccess: () => refreshLists(client, username),
  });
}

export function useDeleteList(username: string, slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(listPath(username, slug)),
    onSuccess: () => {
      client.removeQueries({ queryKey: listKeys.one(username, slug) });
      return refreshLists(client, username);
    },
  });
}

/** Adds a game to, or takes it out of, one of the member's lists. */
export function useToggleListGame(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ slug, game, add }: { slug: string; game: { id: number; slug: string }; add: boolean }) => {
      if (add) await api.post<ListItem>(`${listPath(username, slug)}/games`, { game: game.slug });
      else await api.delete(`${listPath(username, slug)}/games/${game.id}`);
    },
    onSuccess: () => refreshLists(client, username),
  });
}

/** The owner's edits on the list page: order, notes, removals. One at a time, so the orders arrive as they were made. */
export function useListEdits(username: string, slug: string) {
  const client = useQueryClient();
  const key = listKeys.one(username, slug);
  const scope = { id: `list-edit:${username.toLowerCase()}:${slug}` };
  const settle = () => refreshLists(client, username);

  const reorder = useMutation({
    scope,
    mutationFn: async (gameIds: number[]) => (await api.put<ListDetail>(`${listPath(username, slug)}/order`, { games: gameIds })).data,
    onMutate: (gameIds) => {
      // The new order shows at once; the answer (or a refetch on failure) confirms it.
      client.setQueriesData<ListDetail>({ queryKey: key }, (list) => {
        if (!list) return list;
        const byId = new Map(list.items.map((item) => [item.game.id, item]));
        const items = gameIds.map((id, i) => ({ ...byId.get(id)!, rank: i + 1 })).filter((item) => item.game);
        return { ...list, items };
      });
    },
    onError: settle,
    onSuccess: settle,
  });
  const setNote = useMutation({
    scope,
    mutationFn: async ({ gameId, note }: { gameId: number; note: string }) =>
      (await api.put<ListItem>(`${listPath(username, slug)}/games/${gameId}`, { note })).data,
    onSettled: settle,
  });
  const remove = useMutation({
    scope,
    mutationFn: (gameId: number) => api.delete(`${listPath(username, slug)}/games/${gameId}`),
    onSettled: settle,
  });
  return { reorder, setNote, remove };
}
