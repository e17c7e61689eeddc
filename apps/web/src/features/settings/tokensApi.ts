import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessToken, CreatedAccessToken, TokenScope } from '@vgl/shared';
import { api } from '../../lib/api';

const TOKENS = '/api/profile/tokens';
const tokensKey = (username: string) => ['settings', 'tokens', username.toLowerCase()] as const;

/** GET /api/profile/tokens: the signed-in member's personal access tokens, newest first. */
export const useAccessTokens = (username: string) =>
  useQuery({
    queryKey: tokensKey(username),
    queryFn: async () => (await api.get<AccessToken[]>(TOKENS)).data,
    retry: false,
  });

/**
 * POST /api/profile/tokens. The answer carries the secret, which the page
 * shows once; the cached list gets the token without it, so the secret lives
 * only in the page's own state and goes when the page does.
 */
export function useCreateToken(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; scope: TokenScope }) => (await api.post<CreatedAccessToken>(TOKENS, input)).data,
    onSuccess: ({ token: _secret, ...listed }) => {
      client.setQueryData<AccessToken[]>(tokensKey(username), (old) => (old ? [listed, ...old.filter((t) => t.id !== listed.id)] : old));
    },
  });
}

/** DELETE /api/profile/tokens/{id} (204): the row goes at once, then the list loads again. */
export function useRevokeToken(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`${TOKENS}/${id}`);
    },
    onSuccess: (_answer, id) => {
      client.setQueryData<AccessToken[]>(tokensKey(username), (old) => old?.filter((t) => t.id !== id));
    },
    // Also after a failure (a token revoked elsewhere answers 404): the list shows what the server has.
    onSettled: () => client.invalidateQueries({ queryKey: tokensKey(username) }),
  });
}
