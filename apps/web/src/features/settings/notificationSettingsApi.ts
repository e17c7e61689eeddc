import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@vgl/shared';
import type { NotificationSettingsInput } from '@vgl/shared/schemas';
import { api } from '../../lib/api';

const PATH = '/api/settings/notifications';
const key = ['settings', 'notifications'] as const;

/** GET /api/settings/notifications: which notifications reach the signed-in member, in the app and by e-mail. */
export const useNotificationSettings = () => useQuery({ queryKey: key, queryFn: async () => (await api.get<NotificationSettings>(PATH)).data, retry: false });

/** PUT: one change at a time; the page shows the settings the server answers. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: NotificationSettingsInput) => (await api.put<NotificationSettings>(PATH, change)).data,
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
}
