import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCIAL_LIMITS, TOTAL_COUNT_HEADER, type NotificationItem } from '@vgl/shared';
import { api } from '../../lib/api';
import { trigger } from '../../stores/renderTriggers';

/** How many of all the user's notifications are unread, sent with every page. */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count';

export interface NotificationsPage {
  items: NotificationItem[];
  total: number;
  unread: number;
}

export const notificationsKey = (username: string) => ['notifications', username.toLowerCase()] as const;

export const useNotifications = (username: string, page: number) =>
  useQuery({
    queryKey: [...notificationsKey(username), page],
    queryFn: async ({ signal }): Promise<NotificationsPage> => {
      const query = new URLSearchParams({ page: String(page), limit: String(SOCIAL_LIMITS.notificationsPerPage) });
      const { data, headers } = await api.get<NotificationItem[]>(`/api/notifications?${query.toString()}`, { signal });
      return {
        items: data,
        total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
        unread: Number(headers.get(UNREAD_COUNT_HEADER) ?? data.filter((n) => !n.read).length),
      };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * Marks the given notifications read, or all of them without ids. The list
 * refreshes and the nav's unread count checks again (its render trigger).
 */
export function useMarkRead(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.post<{ unread: number }>('/api/notifications/read', ids ? { ids } : {}),
    onSuccess: () => {
      trigger('nav');
      return client.invalidateQueries({ queryKey: notificationsKey(username) });
    },
  });
}
