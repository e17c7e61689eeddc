import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationGroup } from '@vgl/shared';
import { api } from '../../lib/api';

/** What an unsubscribe link stops: one group's e-mails, or (a digest's link) all of them. */
export interface UnsubscribeAnswer {
  group: NotificationGroup | 'all';
  label: string;
  email: boolean;
  message?: string;
}

const path = (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`;

/** GET: reads what the link would stop, changing nothing (mail scanners follow links). */
export const useUnsubscribeLink = (token: string) =>
  useQuery({ queryKey: ['unsubscribe', token], queryFn: async () => (await api.get<UnsubscribeAnswer>(path(token))).data, retry: false, enabled: token !== '' });

/** POST: the person's click stops those e-mails. */
export const useUnsubscribe = (token: string) => useMutation({ mutationFn: async () => (await api.post<UnsubscribeAnswer>(path(token))).data });
