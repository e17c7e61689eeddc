import type { Invite, PendingRegistration } from '@vgl/shared';
import type { InviteRow } from './registration.repo.js';

export function presentInvite(row: InviteRow & { username?: string }, at: number, withCreator: boolean): Invite {
  const status: Invite['status'] =
    row.revoked_at !== null ? 'revoked' : row.uses >= row.max_uses ? 'used_up' : row.expires_at !== null && row.expires_at <= at ? 'expired' : 'usable';
  return {
    id: row.id,
    code: row.code,
    createdBy: withCreator && row.username ? { username: row.username } : null,
    maxUses: row.max_uses,
    uses: row.uses,
    usesLeft: status === 'usable' ? row.max_uses - row.uses : 0,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    createdAt: Number(row.created_at),
    status,
  };
}

export const presentWaiting = (row: { id: number; username: string; email: string; awaiting_approval_since: number | null }): PendingRegistration => ({
  id: row.id,
  username: row.username,
  email: row.email,
  requestedAt: Number(row.awaiting_approval_since),
});
