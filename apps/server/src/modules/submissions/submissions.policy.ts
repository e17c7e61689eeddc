import type { SubmissionState } from '@vgl/shared';
import { isStaff } from '../admin/admin.policy.js';
import type { UserRow } from '../users/users.repo.js';
import { OPEN_STATES } from './submissions.repo.js';

type Person = Pick<UserRow, 'id' | 'role' | 'state'>;
export type SubmissionAction = 'approve' | 'merge' | 'reject';

/**
 * Who may decide a submission, and when: moderators and admins in good
 * standing; approve and reject while it is pending, merge while it is
 * pending or approved (an approved game can still turn out to be one the
 * catalog has). Shipped with each submission (`viewerCan`) so the dashboard
 * shows only the buttons that will work.
 */
export const canDecide = (actor: Person | null, action: SubmissionAction, submission: { state: SubmissionState }) =>
  isStaff(actor) && OPEN_STATES[action].includes(submission.state);

export const viewerCan = (actor: Person | null, submission: { state: SubmissionState }) => ({
  approve: canDecide(actor, 'approve', submission),
  merge: canDecide(actor, 'merge', submission),
  reject: canDecide(actor, 'reject', submission),
});
