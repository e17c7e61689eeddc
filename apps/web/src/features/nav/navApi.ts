import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { noticeSuspension } from '../../stores/auth';
import { useRenderTrigger } from '../../stores/renderTriggers';

/**
 * The nav's own data for a signed-in user (SPEC §4): avatar, unread
 * activity and the count of unread notifications, loaded again whenever the
 * "nav" render trigger rises. Failures follow SPEC §8: avatar → none,
 * unread → only logged.
 */
export function useNavData(username: string | undefined) {
  const navCounter = useRenderTrigger('nav');
  const enabled = Boolean(username);

  const avatar = useQuery({
    queryKey: ['nav', 'avatar', username, navCounter],
    enabled,
    retry: false,
    // A changed picture replaces the old one without a blink of the token's (older) picture in between.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === username ? previous : undefined),
    queryFn: async () => {
      try {
        const { data } = await api.get<{ avatar: string | null; isSuspended?: boolean }>('/api/profile/avatar/');
        // A suspension (or its end) after the token was issued: refresh the token, maybe go to the suspended page.
        if (typeof data?.isSuspended === 'boolean') void noticeSuspension(data.isSuspended);
        return data?.avatar ?? null;
      } catch {
        return null;
      }
    },
  });

  const unread = useQuery({
    queryKey: ['nav', 'unread', username, navCounter],
    enabled,
    retry: false,
    queryFn: async () => {
      try {
        const { data } = await api.get<{ unread: boolean }>('/api/activity/isunread');
        return data?.unread === true;
      } catch (error) {
        console.error('Could not check unread activity', error);
        return false;
      }
    },
  });

  const unreadNotifications = useQuery({
    queryKey: ['nav', 'notifications', username, navCounter],
    enabled,
    retry: false,
    // The badge keeps the same user's number while the next count loads, rather than blinking out.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === username ? previous : undefined),
    queryFn: async () => {
      try {
        const { data } = await api.get<{ unread: number }>('/api/notifications/unread');
        return typeof data?.unread === 'number' ? data.unread : 0;
      } catch (error) {
        console.error('Could not count unread notifications', error);
        return 0;
      }
    },
  });

  // undefined until the first answer (the token's picture shows meanwhile); null is the default picture.
  return { avatar: avatar.data, unread: unread.data ?? false, unreadNotifications: unreadNotifications.data ?? 0 };
}
