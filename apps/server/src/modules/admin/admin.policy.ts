import { ADMIN_MESSAGES, API_MESSAGES } from '@vgl/shared';
import type { UserRow } from '../users/users.repo.js';

type Person = Pick<UserRow, 'id' | 'role' | 'state'>;
export type AccountAction = 'suspend' | 'unsuspend' | 'changeRole';

/** Why an account action is refused: the status and stable id of the answer, and a message to show. */
export interface Refusal {
  statusCode: 400 | 403 | 409;
  id: string;
  message: string;
}

/** Moderators and admins in good standing: they open the dashboard and moderate content. */
export const isStaff = (actor: Person | null): actor is Person =>
  actor !== null && actor.state === 'active' && (actor.role === 'moderator' || actor.role === 'admin');

export const isAdmin = (actor: Person | null): actor is Person => isStaff(actor) && actor.role === 'admin';

/**
 * Who may do what to an account. Staff suspend and unsuspend; moderators
 * only regular users, admins anyone; only admins change roles; nobody acts
 * on their own account. The last-admin rule needs a count, so the service
 * checks it on top of this.
 */
export function accountRefusal(actor: Person | null, action: AccountAction, target: Pick<UserRow, 'id' | 'role' | 'state'>): Refusal | null {
  const forbidden = (message: string): Refusal => ({ statusCode: 403, id: 'forbidden', message });
  if (!isStaff(actor)) return forbidden(API_MESSAGES.forbidden);
  if (action === 'changeRole') {
    if (!isAdmin(actor)) return forbidden(API_MESSAGES.forbidden);
    if (target.id === actor.id) return { statusCode: 400, id: 'self_action', message: ADMIN_MESSAGES.changeOwnRole };
    return null;
  }
  if (target.id === actor.id) return { statusCode: 400, id: 'self_action', message: ADMIN_MESSAGES.suspendSelf };
  if (actor.role !== 'admin' && target.role !== 'user') return forbidden(ADMIN_MESSAGES.moderatorTargets);
  if (action === 'suspend') {
    if (target.state === 'suspended') return { statusCode: 409, id: 'conflict', message: ADMIN_MESSAGES.alreadySuspended };
    if (target.state === 'pending') return { statusCode: 409, id: 'conflict', message: ADMIN_MESSAGES.pendingAccount };
  } else if (target.state !== 'suspended') {
    return { statusCode: 409, id: 'conflict', message: ADMIN_MESSAGES.notSuspended };
  }
  return null;
}

export const canAccount = (actor: Person | null, action: AccountAction, target: Pick<UserRow, 'id' | 'role' | 'state'>) =>
  accountRefusal(actor, action, target) === null;

/**
 * Why a review cannot be featured: the landing page shows only active
 * members' reviews. The dashboard gets the same answer with each review
 * (AdminReview.featureRefusal), so it says why before anyone clicks.
 */
export function featureRefusal(review: { user_state: UserRow['state'] }): string | null {
  if (review.user_state === 'active') return null;
  return review.user_state === 'suspended' ? ADMIN_MESSAGES.authorSuspended : ADMIN_MESSAGES.notFeaturable;
}
