import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { REPORT_MESSAGES, reportTargetNoun, TOTAL_COUNT_HEADER, type ReportAction, type ReportGroup, type ReportReason, type ReportTargetType } from '@vgl/shared';
import { api } from '../../lib/api';
import { adminKey, useModeration } from '../dashboard/dashboardApi';
import { showToast } from '../../stores/toast';
import { toastFailure } from '../settings/toastFailure';

/** What is reported: a review (its `_id`), a comment, list or reply from another server (its id), a member (their username), or an account on another server (its actor id or @name@host). */
export type ReportTarget = { type: Exclude<ReportTargetType, 'user' | 'fed_actor'>; id: number } | { type: 'user'; username: string } | { type: 'fed_actor'; account: string };

export interface ReportVariables {
  target: ReportTarget;
  reason: ReportReason;
  details: string;
}

const bodyOf = ({ target, reason, details }: ReportVariables) => ({
  targetType: target.type,
  ...(target.type === 'user' ? { username: target.username } : target.type === 'fed_actor' ? { account: target.account } : { targetId: target.id }),
  reason,
  ...(details ? { details } : {}),
});

/** Files a report; the thanks (or the server's refusal, e.g. "already reported") is a toast. */
export const useReport = () =>
  useMutation({
    mutationFn: (variables: ReportVariables) => api.post('/api/reports', bodyOf(variables)),
    onSuccess: () => showToast({ variant: 'success', text: REPORT_MESSAGES.thanks }),
    onError: (error) => toastFailure('Reporting', error),
  });

/** The moderators' queue: reported targets, the longest waiting first. Under the dashboard's key, so every moderation action refreshes it. */
export const useReportQueue = (page: number) =>
  useQuery({
    queryKey: [...adminKey, 'reports', page],
    queryFn: async ({ signal }) => {
      const { data, headers } = await api.get<ReportGroup[]>(`/api/admin/reports?page=${page}`, { signal });
      return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

const DONE: Record<ReportAction, (group: ReportGroup) => string> = {
  hide: (g) => `The ${reportTargetNoun(g.target.type)} is hidden; the reporters are told.`,
  suspend: (g) => (g.target.remote ? `${g.target.remote.handle} is suspended on this instance; the reporters are told.` : `${g.target.author?.username ?? 'The author'} is suspended; the reporters are told.`),
  dismiss: () => 'The reports are dismissed; the reporters are told no action was taken.',
};

export const useResolveReport = () =>
  useModeration(
    ({ group, action, note }: { group: ReportGroup; action: ReportAction; note?: string }) =>
      api.post(`/api/admin/reports/${group.id}/resolve`, { action, ...(note ? { note } : {}) }),
    { what: 'Resolving the reports', done: ({ group, action }) => DONE[action](group) },
  );
