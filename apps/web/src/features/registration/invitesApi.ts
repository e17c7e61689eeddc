import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invite, PendingRegistration, RegistrationInfo } from '@vgl/shared';
import type { InviteInput } from '@vgl/shared/schemas';
import { api } from '../../lib/api';
import { registrationKey } from '../auth/registrationApi';

const invitesKey = ['invites'] as const;

/** GET /api/invites (the member's own) or, for the dashboard, GET /api/admin/invites (everyone's). */
export const useInvites = (all: boolean) =>
  useQuery({
    queryKey: [...invitesKey, all ? 'all' : 'mine'],
    queryFn: async ({ signal }) => (await api.get<Invite[]>(all ? '/api/admin/invites' : '/api/invites', { signal })).data,
    retry: false,
  });

export function useCreateInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: InviteInput) => (await api.post<Invite>('/api/invites', input)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: invitesKey }),
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invite: Invite) => api.delete(`/api/invites/${invite.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: invitesKey }),
  });
}

/** GET /api/admin/registrations: accounts waiting for a moderator, oldest first. */
export const useWaitingRegistrations = () =>
  useQuery({
    queryKey: ['admin', 'registrations'],
    queryFn: async ({ signal }) => (await api.get<PendingRegistration[]>('/api/admin/registrations', { signal })).data,
    retry: false,
  });

export function useSaveRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (info: RegistrationInfo) => (await api.put<RegistrationInfo>('/api/admin/registration', info)).data,
    onSuccess: (info) => client.setQueryData(registrationKey, info),
  });
}

/** The link a person opens to sign up with this invite. */
export const inviteLink = (code: string) => `${window.location.origin}/auth/register?invite=${encodeURIComponent(code)}`;
