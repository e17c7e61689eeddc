import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@vgl/shared';
import { ApiRequestError } from '../../lib/api';
import { postForMessage } from './authApi';

/**
 * Opens a mailed single-use link once (a query, so a re-render or React's
 * strict double effects never spend the token twice) and gives its outcome.
 */
export function useOneTimeLink(path: string, token: string | undefined) {
  const query = useQuery({
    queryKey: ['one-time-link', path, token],
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: () => postForMessage(path, { token }),
  });
  const errorMessage =
    query.error instanceof ApiRequestError && query.error.status < 500 && query.error.body
      ? query.error.body.message
      : ACCOUNT_MESSAGES.invalidLink;
  return {
    pending: query.isPending,
    ok: query.isSuccess,
    message: query.isSuccess ? query.data.message : query.isError ? errorMessage : undefined,
  };
}
