import type { Generated } from 'kysely';
import type { EmailFrequency, NotificationGroup } from '@vgl/shared';

/** A member's e-mail frequency and last digest (0044); no row: the defaults. */
export interface NotificationSettingsTable {
  user_id: number;
  email_frequency: EmailFrequency;
  /** When the member's last daily digest was claimed (Unix ms). */
  last_digest_at: number | null;
  updated_at: number;
}

/** A group a member changed (0044): in the app, by e-mail and (0047) by push, 1 or 0. */
export interface NotificationChannelsTable {
  user_id: number;
  grp: NotificationGroup;
  in_app: number;
  email: number;
  /** Defaults to 1: the release before 0047 writes rows without it. */
  push: Generated<number>;
}
