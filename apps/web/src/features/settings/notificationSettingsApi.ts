import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_GROUPS, type NotificationSettings } from '@vgl/shared';
import type { NotificationSettingsInput } from '@vgl/shared/schemas';
import { api } from '../../lib/api';

const PATH = '/api/settings/notifications';
const key = ['settings', 'notifications'] as const;

/** GET /api/settings/notifications: which notifications reach the signed-in member, in the app and by e-mail. */
export const useNotificationSettings = () => useQuery({ queryKey: key, queryFn: async () => (await api.get<NotificationSettings>(PATH)).data, retry: false });

/** The settings with a change applied, as the server will keep them. */
export function applyChange(settings: NotificationSettings, change: NotificationSettingsInput): NotificationSettings {
  const groups = { ...settings.groups };
  for (const group of NOTIFICATION_GROUPS) if (change.groups?.[group]) groups[group] = { ...groups[group], ...change.groups[group] };
  return { groups, emailFrequency: change.emailFrequency ?? settings.emailFrequency };
}

/** PUT: a checkbox shows its new state at once; the server's answer then stands, and a failure puts it back. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: NotificationSettingsInput) => (await api.put<NotificationSettings>(PATH, change)).data,
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<NotificationSettings>(key);
      if (before) client.setQueryData(key, applyChange(before, change));
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
}
