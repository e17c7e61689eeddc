import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, ComingUp } from '@vgl/shared';
import { api } from '../../lib/api';

const CALENDAR = '/api/profile/calendar';
const calendarKey = ['settings', 'calendar'] as const;

/** GET /api/users/{username}/coming-up: their wanted games by release date, grouped by month. */
export const useComingUp = (username: string) =>
  useQuery({
    queryKey: ['coming-up', username.toLowerCase()],
    queryFn: async () => (await api.get<ComingUp>(`/api/users/${encodeURIComponent(username)}/coming-up`)).data,
    retry: false,
  });

/** GET /api/profile/calendar: whether the member has a feed (its address is shown only when made). */
export const useCalendarFeed = () =>
  useQuery({ queryKey: calendarKey, queryFn: async () => (await api.get<CalendarFeed>(CALENDAR)).data, retry: false });

/** POST /api/profile/calendar: a new address, shown once by the page; the one before stops working. */
export function useNewCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<CalendarFeed>(CALENDAR)).data,
    onSuccess: (feed) => client.setQueryData<CalendarFeed>(calendarKey, { url: null, createdAt: feed.createdAt }),
  });
}

/** DELETE /api/profile/calendar (204): the address answers 404 from now on. */
export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => void (await api.delete(CALENDAR)),
    onSuccess: () => client.setQueryData<CalendarFeed>(calendarKey, { url: null, createdAt: null }),
  });
}
