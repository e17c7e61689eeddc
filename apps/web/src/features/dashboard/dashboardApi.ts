import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_LIMITS,
  TOTAL_COUNT_HEADER,
  type AdminComment,
  type AdminFederation,
  type AdminOverview,
  type AdminReview,
  type AdminUser,
  type AdminCatalog,
  type AuditEntry,
  type FailedMail,
  type InstancePolicy,
  type InstanceRule,
  type RemoteAccountSuspension,
  type UserRole,
} from '@vgl/shared';
import { api, apiRequest } from '../../lib/api';
import { showToast } from '../../stores/toast';
import type { Paged } from '../profile/profileApi';
import { toastFailure } from '../settings/toastFailure';

/** Every dashboard query starts with this key: any moderation action refreshes all of them (counts and audit log included). */
export const adminKey = ['admin'] as const;

/** The lists of the dashboard: searched with q, newest first, paged. */
export type AdminList = 'users' | 'reviews' | 'comments';

async function getPaged<T>(path: string, query: Record<string, string | number>, signal: AbortSignal): Promise<Paged<T>> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== '') params.set(name, String(value));
  const { data, headers } = await api.get<T[]>(`${path}?${params.toString()}`, { signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export const useOverview = () =>
  useQuery({
    queryKey: [...adminKey, 'overview'],
    queryFn: async ({ signal }) => (await api.get<AdminOverview>('/api/admin/overview', { signal })).data,
    retry: false,
  });

export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: [...adminKey, 'audit', page],
    queryFn: ({ signal }) => getPaged<AuditEntry>('/api/admin/audit', { page, limit: ADMIN_LIMITS.perPage }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /api/admin/federation: the Federation tab (whether this instance federates, and the servers following its members). */
export const useAdminFederation = () =>
  useQuery({
    queryKey: [...adminKey, 'federation'],
    queryFn: async ({ signal }) => (await api.get<AdminFederation>('/api/admin/federation', { signal })).data,
    retry: false,
  });

/** GET /api/admin/federation/instances: the servers blocked or silenced, by domain. */
export const useInstanceRules = () =>
  useQuery({
    queryKey: [...adminKey, 'instances'],
    queryFn: async ({ signal }) => (await api.get<InstanceRule[]>('/api/admin/federation/instances', { signal })).data,
    retry: false,
  });

const POLICY_DONE: Record<InstancePolicy, string> = { block: 'blocked', silence: 'silenced' };

export interface InstanceRuleChange {
  /** As the server normalised it (normaliseDomain). */
  domain: string;
  policy: InstancePolicy;
  reason: string;
}

export const useSetInstanceRule = () =>
  useModeration(({ domain, policy, reason }: InstanceRuleChange) => api.post<InstanceRule>('/api/admin/federation/instances', { domain, policy, reason: reason || null }), {
    what: 'Saving the rule',
    done: ({ domain, policy }) => `${domain} is ${POLICY_DONE[policy]}.`,
  });

export const useLiftInstanceRule = () =>
  useModeration((rule: InstanceRule) => api.delete(`/api/admin/federation/instances/${encodeURIComponent(rule.domain)}`), {
    what: 'Lifting the rule',
    done: (rule) => `${rule.domain} is no longer ${POLICY_DONE[rule.policy]}.`,
  });

/** GET /api/admin/federation/accounts: single accounts on other servers suspended here, newest first. */
export const useAccountSuspensions = () =>
  useQuery({
    queryKey: [...adminKey, 'account-suspensions'],
    queryFn: async ({ signal }) => (await api.get<RemoteAccountSuspension[]>('/api/admin/federation/accounts', { signal })).data,
    retry: false,
  });

export const useSuspendAccount = () =>
  useModeration(({ account, reason }: { account: string; reason: string }) => api.post<RemoteAccountSuspension>('/api/admin/federation/accounts', { account, reason: reason || null }), {
    what: 'Suspending the account',
    done: ({ account }) => `${account} is suspended on this instance.`,
  });

export const useLiftAccountSuspension = () =>
  useModeration((suspension: RemoteAccountSuspension) => api.delete(`/api/admin/federation/accounts?actor=${encodeURIComponent(suspension.actor)}`), {
    what: 'Lifting the suspension',
    done: (suspension) => `${suspension.handle} is no longer suspended.`,
  });

function useAdminList<T>(list: AdminList, q: string, page: number, limit: number = ADMIN_LIMITS.perPage) {
  return useQuery({
    queryKey: [...adminKey, list, q, page, limit],
    queryFn: ({ signal }) => getPaged<T>(`/api/admin/${list}`, { q, page, limit }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const useAdminUsers = (q: string, page: number) => useAdminList<AdminUser>('users', q, page);
export const useAdminReviews = (q: string, page: number, limit?: number) => useAdminList<AdminReview>('reviews', q, page, limit);
export const useAdminComments = (q: string, page: number) => useAdminList<AdminComment>('comments', q, page);

export const useFeaturedReviews = () =>
  useQuery({
    queryKey: [...adminKey, 'featured'],
    queryFn: async ({ signal }) => (await api.get<AdminReview[]>('/api/admin/featured', { signal })).data,
    retry: false,
  });

interface ModerationOptions<V> {
  /** What the action is, for the log when it fails: "Suspending the user". */
  what: string;
  /** The success toast's text. */
  done: (variables: V) => string;
}

/**
 * One moderation action: a success toast and a refresh of the dashboard
 * after it; a refusal's own message (self, last admin…) as an alert toast.
 */
export function useModeration<V>(call: (variables: V) => Promise<unknown>, { what, done }: ModerationOptions<V>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_, variables) => {
      showToast({ variant: 'success', text: done(variables) });
      return client.invalidateQueries({ queryKey: adminKey });
    },
    onError: (error) => toastFailure(what, error),
  });
}

/** A review's library entry id, as the admin calls take it (the entry's `_id` is its text form). */
export const entryIdOf = (review: Pick<AdminReview, '_id'>) => Number(review._id);

const ROLE_NAMES: Record<UserRole, string> = { user: 'a regular user', moderator: 'a moderator', admin: 'an admin' };
const userPath = (user: AdminUser) => `/api/admin/users/${user.id}`;

interface Removal<T> {
  target: T;
  /** Told to the author. */
  reason: string;
}

export const useSuspendUser = () =>
  useModeration(({ target, reason }: Removal<AdminUser>) => api.post(`${userPath(target)}/suspend`, { reason }), {
    what: 'Suspending the user',
    done: ({ target }) => `${target.username} is suspended.`,
  });

export const useUnsuspendUser = () =>
  useModeration((user: AdminUser) => api.post(`${userPath(user)}/unsuspend`), {
    what: 'Unsuspending the user',
    done: (user) => `${user.username} is no longer suspended.`,
  });

export const useRetryMail = () =>
  useModeration((mail: FailedMail) => api.post(`/api/admin/failed-mail/${mail.id}/retry`), {
    what: 'Retrying the mail',
    done: (mail) => `The mail to ${mail.to} is queued for one more try.`,
  });

export const useChangeRole = () =>
  useModeration(({ user, role }: { user: AdminUser; role: UserRole }) => api.put(`${userPath(user)}/role`, { role }), {
    what: 'Changing the role',
    done: ({ user, role }) => `${user.username} is now ${ROLE_NAMES[role]}.`,
  });

// The author is told why, so the reason travels with the DELETE.
export const useDeleteReview = () =>
  useModeration(({ target, reason }: Removal<AdminReview>) => apiRequest('DELETE', `/api/admin/reviews/${entryIdOf(target)}`, { reason }), {
    what: 'Deleting the review',
    done: ({ target }) => `The review is deleted; ${target.user.username} is told the reason.`,
  });

export const useDeleteComment = () =>
  useModeration(({ target, reason }: Removal<AdminComment>) => apiRequest('DELETE', `/api/admin/comments/${target.id}`, { reason }), {
    what: 'Deleting the comment',
    done: ({ target }) => `The comment is deleted; ${target.user.username} is told the reason.`,
  });

export const useFeatureReview = () =>
  useModeration((review: AdminReview) => api.post('/api/admin/featured', { entryId: entryIdOf(review) }), {
    what: 'Featuring the review',
    done: (review) => `${review.user.username}'s review of ${review.game.name} is featured.`,
  });

export const useUnfeatureReview = () =>
  useModeration((review: AdminReview) => api.delete(`/api/admin/featured/${entryIdOf(review)}`), {
    what: 'Unfeaturing the review',
    done: (review) => `${review.user.username}'s review of ${review.game.name} is no longer featured.`,
  });

/** The whole new order goes to the server; the toast says where the moved review is now. */
export const useReorderFeatured = () =>
  useModeration(({ order }: { order: AdminReview[]; moved: AdminReview }) => api.put('/api/admin/featured', { entryIds: order.map(entryIdOf) }), {
    what: 'Reordering the featured reviews',
    done: ({ order, moved }) => `${moved.user.username}'s review of ${moved.game.name} is now number ${order.indexOf(moved) + 1}.`,
  });

/** How often the Catalog page asks again while a sync runs (the running process writes its progress every second). */
export const CATALOG_POLL_MS = 3000;
/** …and when none runs, so that a run started elsewhere (the CLI, the schedule) shows up. */
export const CATALOG_IDLE_POLL_MS = 30_000;

/** GET /api/admin/catalog: polled every few seconds while a sync runs anywhere, so its progress moves and its end shows. */
export const useAdminCatalog = () =>
  useQuery({
    queryKey: [...adminKey, 'catalog'],
    queryFn: async ({ signal }) => (await api.get<AdminCatalog>('/api/admin/catalog', { signal })).data,
    refetchInterval: (query) => (query.state.data?.sync.running || query.state.data?.wikidata?.sync.running ? CATALOG_POLL_MS : CATALOG_IDLE_POLL_MS),
    retry: false,
  });

/** "Sync now" for one source: the run starts in the background; the page then polls its progress. */
export const useSyncNow = () =>
  useModeration((source: 'igdb' | 'wikidata') => api.post('/api/admin/catalog/sync', { source }), {
    what: 'Starting the catalog sync',
    done: (source) => `The ${source === 'igdb' ? 'IGDB' : 'Wikidata'} sync has started.`,
  });
