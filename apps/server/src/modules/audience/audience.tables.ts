/** Blocks, mutes and follow requests (migrations 0040, 0041). */
export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: number;
}

export interface MutesTable {
  muter_id: number;
  muted_id: number;
  created_at: number;
}

export interface FollowRequestsTable {
  requester_id: number;
  target_id: number;
  created_at: number;
}
