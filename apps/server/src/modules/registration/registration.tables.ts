import type { Generated } from 'kysely';

/** An invite code (0043): sign-ups by invite count against max_uses until expires_at, unless revoked. */
export interface InvitesTable {
  id: Generated<number>;
  code: string;
  created_by: number;
  max_uses: number;
  uses: Generated<number>;
  expires_at: number | null;
  revoked_at: number | null;
  created_at: number;
}
