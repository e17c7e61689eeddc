import type { RegistrationInfo } from '@vgl/shared';
import type { UserRow } from '../users/users.repo.js';

type Person = Pick<UserRow, 'id' | 'role' | 'state'>;

const isAdmin = (actor: Person) => actor.state === 'active' && actor.role === 'admin';

/** Admins always; other members in good standing when the admin turned member invites on. */
export const mayInvite = (actor: Person, info: RegistrationInfo) => isAdmin(actor) || (actor.state === 'active' && info.memberInvites);

/** The creator of an invite, or an admin, may revoke it. */
export const mayRevoke = (actor: Person, invite: { created_by: number }) => invite.created_by === actor.id || isAdmin(actor);

/** Why an invite code cannot be used now, or null when it can. */
export function inviteProblem(invite: { max_uses: number; uses: number; expires_at: number | null; revoked_at: number | null } | undefined, at: number): 'invalid' | 'expired' | 'usedUp' | null {
  if (!invite || invite.revoked_at !== null) return 'invalid';
  if (invite.expires_at !== null && invite.expires_at <= at) return 'expired';
  if (invite.uses >= invite.max_uses) return 'usedUp';
  return null;
}
