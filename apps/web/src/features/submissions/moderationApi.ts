import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SUBMISSION_LIMITS, SUBMISSION_MESSAGES, TOTAL_COUNT_HEADER, type AdminSubmission, type SubmissionState } from '@vgl/shared';
import { api } from '../../lib/api';
import { adminKey, useModeration } from '../dashboard/dashboardApi';

/** The dashboard's calls about game submissions (the dashboard's chunk only). */
export type SubmissionFilter = SubmissionState | 'all';

/** GET /api/admin/submissions: pending first; the total in X-Total-Count. */
export const useAdminSubmissions = (state: SubmissionFilter, page: number) =>
  useQuery({
    queryKey: [...adminKey, 'submissions', state, page],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ state, page: String(page), limit: String(SUBMISSION_LIMITS.perPage) });
      const { data, headers } = await api.get<AdminSubmission[]>(`/api/admin/submissions?${params.toString()}`, { signal });
      return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

const submissionPath = (submission: Pick<AdminSubmission, 'id'>) => `/api/admin/submissions/${submission.id}`;

export const useApproveSubmission = () =>
  useModeration((submission: AdminSubmission) => api.post(`${submissionPath(submission)}/approve`), {
    what: 'Approving the game',
    done: (submission) => SUBMISSION_MESSAGES.approved(submission.name),
  });

export const useRejectSubmission = () =>
  useModeration(({ target, reason }: { target: AdminSubmission; reason: string }) => api.post(`${submissionPath(target)}/reject`, { reason }), {
    what: 'Rejecting the game',
    done: ({ target }) => SUBMISSION_MESSAGES.rejected(target.name),
  });

export const useMergeSubmission = () =>
  useModeration(({ target, into }: { target: AdminSubmission; into: { slug: string; name: string } }) => api.post(`${submissionPath(target)}/merge`, { game: into.slug }), {
    what: 'Merging the game',
    done: ({ target, into }) => SUBMISSION_MESSAGES.merged(target.name, into.name),
  });
