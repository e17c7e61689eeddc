import { REGISTRATION_MODES, type RegistrationInfo, type RegistrationMode } from '@vgl/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Conn } from '../library/library.columns.js';
import { registrationRepo } from './registration.repo.js';

const MODE_KEY = 'registration.mode';
const MEMBER_INVITES_KEY = 'registration.member_invites';

/**
 * How long one process keeps what it read: sign-ups are rare, and a mode an
 * admin changes on another instance (PostgreSQL) applies here this soon.
 */
export const SETTINGS_TTL_MS = 2_000;

/**
 * Who may join, as every instance sees it: the dashboard's choice in
 * app_meta when an admin made one, else REGISTRATION from the environment.
 * Member invites are off until an admin turns them on.
 */
export function registrationSettings(k: Kysely<Database>, envMode: RegistrationMode, now: () => number = Date.now) {
  let kept: { info: RegistrationInfo; at: number } | null = null;

  async function read(): Promise<RegistrationInfo> {
    const stored = await registrationRepo.storedSettings(k, [MODE_KEY, MEMBER_INVITES_KEY]);
    const mode = stored.get(MODE_KEY);
    return {
      mode: REGISTRATION_MODES.includes(mode as RegistrationMode) ? (mode as RegistrationMode) : envMode,
      memberInvites: stored.get(MEMBER_INVITES_KEY) === 'on',
    };
  }

  return {
    async current(): Promise<RegistrationInfo> {
      if (kept && now() - kept.at < SETTINGS_TTL_MS) return kept.info;
      const info = await read();
      kept = { info, at: now() };
      return info;
    },

    /** Stores an admin's choice (in their transaction); this process sees it at once, the others within SETTINGS_TTL_MS. */
    async store(conn: Conn, info: RegistrationInfo, at: number): Promise<void> {
      await registrationRepo.storeSetting(conn, MODE_KEY, info.mode, at);
      await registrationRepo.storeSetting(conn, MEMBER_INVITES_KEY, info.memberInvites ? 'on' : 'off', at);
      kept = null;
    },

    forget() {
      kept = null;
    },
  };
}

export type RegistrationSettings = ReturnType<typeof registrationSettings>;
