import type { EntryGame } from '@vgl/shared';
import type { UserRow } from '../users/users.repo.js';

/** GET /api/profile: what the settings pages edit, for the signed-in user only (it carries the e-mail). */
export interface ProfileSettings {
  username: string;
  email: string;
  bio: string | null;
  avatar: string | null;
  /** In the order the profile shows them. */
  favourites: EntryGame[];
}

/** GET /api/profile/suspension: what the suspended page (SPEC §4) tells its user. */
export interface Suspension {
  suspended: boolean;
  reason: string | null;
  /** Unix milliseconds. */
  suspendedAt: number | null;
}

export function presentSettings(user: UserRow, favourites: EntryGame[]): ProfileSettings {
  return { username: user.username, email: user.email, bio: user.bio, avatar: user.avatar, favourites };
}

/** The reason and time of a past suspension stay private once it is lifted. */
export function presentSuspension(user: UserRow): Suspension {
  const suspended = user.state === 'suspended';
  return {
    suspended,
    reason: suspended ? user.suspended_reason : null,
    suspendedAt: suspended && user.suspended_at !== null ? Number(user.suspended_at) : null,
  };
}
