import { useQuery } from '@tanstack/react-query';
import type { RegistrationInfo, RegistrationMode } from '@vgl/shared';
import { api } from '../../lib/api';

export const registrationKey = ['registration'] as const;

/**
 * GET /api/registration: who may join (open, approval, invite, closed).
 * Until it answers (or if it fails) the links show as in open mode, and the
 * server still refuses what the mode does not allow.
 */
export const useRegistration = () =>
  useQuery({
    queryKey: registrationKey,
    queryFn: async ({ signal }) => (await api.get<RegistrationInfo>('/api/registration', { signal })).data,
    staleTime: 60_000,
    retry: false,
  });

/** What a sign-up link says in each mode; null: no link (closed). */
export function signUpLabel(mode: RegistrationMode | undefined, openLabel: string): string | null {
  if (mode === 'closed') return null;
  if (mode === 'approval') return 'Request an account';
  return openLabel;
}
