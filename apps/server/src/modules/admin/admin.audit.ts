import type { AuditAction, AuditTargetType } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { adminRepo } from './admin.repo.js';

export interface AuditRecord {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | null;
  targetLabel: string | null;
  reason?: string | null;
}

/** Writes one audit row for an action; call it inside the action's transaction so both land or neither. */
export function recordAudit(conn: Conn, actor: Pick<UserRow, 'id' | 'username'>, record: AuditRecord, at: number) {
  return adminRepo.insertAudit(conn, {
    actor_id: actor.id,
    actor_username: actor.username,
    action: record.action,
    target_type: record.targetType,
    target_id: record.targetId,
    target_label: record.targetLabel === null ? null : record.targetLabel.slice(0, 200),
    reason: record.reason ?? null,
    created_at: at,
  });
}

/** Short labels that still say what the target was after it is gone. */
export const reviewLabel = (row: { username: string; game_name: string }) => `${row.username}: ${row.game_name}`;
export const commentLabel = (row: { username: string; body: string }) =>
  `${row.username}: ${row.body.length <= 80 ? row.body : `${row.body.slice(0, 80).replace(/\s+\S*$/, '')}…`}`;
