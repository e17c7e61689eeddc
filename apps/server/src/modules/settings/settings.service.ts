import { ACCOUNT_MESSAGES } from '@vgl/shared';
import { lockGlobal, lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { badRequest, conflict } from '../../http/errors.js';
import { verifyPassword } from '../auth/passwords.js';
import { presentEntryGame } from '../library/library.presenter.js';
import { libraryRepo } from '../library/library.repo.js';
import { usersRepo, type UserRow } from '../users/users.repo.js';
import { avatarWebp } from './avatars.js';
import type { AvatarStore } from './avatars.store.js';
import { presentSettings, presentSuspension, type ProfileSettings } from './settings.presenter.js';
import { settingsRepo } from './settings.repo.js';
import { SETTINGS_MESSAGES } from './settings.schemas.js';

/**
 * Told before an account is deleted, once its password was checked; what it returns is called after the deletion
 * committed (federation: the keys and remote followers that sign and address the Deletes go with the account, so
 * they are read first, and nothing is sent unless the deletion happened). Must not throw.
 */
export type AccountDeletionHook = (userId: number) => Promise<() => void>;

export interface SettingsDeps {
  db: Db;
  /** Where avatar images are kept (the database; see avatars.store.ts). */
  avatars: AvatarStore;
  now?: () => number;
  onAccountDeletion?: AccountDeletionHook | undefined;
}

/**
 * The signed-in user's own profile and account (/u/{username}/settings).
 * Every use-case acts on the actor itself, so there is no one else to check
 * access against; suspended accounts are stopped earlier, by the access guard (auth.guard).
 */
export function createSettingsService({ db, avatars, now = Date.now, onAccountDeletion }: SettingsDeps) {
  const k = db.kysely;

  async function settingsOf(user: UserRow): Promise<ProfileSettings> {
    const favourites = await libraryRepo.favourites(k, user.id);
    return presentSettings(user, favourites.map(presentEntryGame));
  }

  /** Stores the new image (or none), points users.avatar at it and deletes the one it named before, in one transaction. */
  async function replaceAvatar(user: UserRow, webp: Buffer | null): Promise<string | null> {
    const { name, previous } = await k.transaction().execute(async (trx) => {
      const row = await settingsRepo.avatarOf(trx, user.id, db.dialect === 'postgres');
      const name = webp ? await avatars.save(trx, webp, now()) : null;
      await usersRepo.update(trx, user.id, { avatar: name, updated_at: now() });
      const previous = row?.avatar ?? null;
      await avatars.remove(trx, previous);
      return { name, previous };
    });
    await avatars.removeFile(previous);
    return name;
  }

  return {
    settings: (actor: UserRow) => settingsOf(actor),

    async updateProfile(actor: UserRow, input: { bio: string | null }): Promise<ProfileSettings> {
      return settingsOf(await usersRepo.update(k, actor.id, { bio: input.bio, updated_at: now() }));
    },

    /** The favourites become these games, in this order; each must already be in the library. */
    async setFavourites(actor: UserRow, slugs: string[]): Promise<ProfileSettings> {
      await k.transaction().execute(async (trx) => {
        // Replaces the whole list: another change to it (here or in the library) waits until this one is in.
        await lockMember(db, trx, actor.id);
        const games = await settingsRepo.gamesBySlug(trx, slugs);
        const entries = await settingsRepo.entriesForGames(trx, actor.id, games.map((g) => g.id));
        const entryIds = slugs.map((slug) => {
          const game = games.find((g) => g.slug === slug);
          if (!game) throw badRequest(SETTINGS_MESSAGES.noSuchGame(slug), { games: SETTINGS_MESSAGES.noSuchGame(slug) });
          const entryId = entries.get(game.id);
          if (entryId === undefined) throw badRequest(SETTINGS_MESSAGES.notInLibrary(game.name), { games: SETTINGS_MESSAGES.notInLibrary(game.name) });
          return entryId;
        });
        await settingsRepo.setFavourites(trx, actor.id, entryIds);
      });
      return settingsOf(actor);
    },

    async setAvatar(actor: UserRow, upload: Buffer): Promise<{ avatar: string }> {
      const name = await replaceAvatar(actor, await avatarWebp(upload));
      return { avatar: name! };
    },

    async removeAvatar(actor: UserRow): Promise<{ avatar: null }> {
      await replaceAvatar(actor, null);
      return { avatar: null };
    },

    suspension: (actor: UserRow) => presentSuspension(actor),

    /**
     * Deletes the account and everything it made (see settingsRepo.deleteUser);
     * counts it added to other people's reviews, comments and profiles are
     * taken back first, in the same transaction, as is the avatar.
     */
    async deleteAccount(actor: UserRow, password: string): Promise<void> {
      if (!(await verifyPassword(actor.password_hash, password))) {
        throw badRequest(ACCOUNT_MESSAGES.wrongPassword, { password: ACCOUNT_MESSAGES.wrongPassword });
      }
      const afterDeletion = await onAccountDeletion?.(actor.id);
      const deleted = await k.transaction().execute(async (trx) => {
        // Like `vgl user:role`, never leave the instance without an admin (two admins leaving at once count each other).
        if (actor.role === 'admin') {
          await lockGlobal(db, trx, 'admins');
          if ((await usersRepo.countAdmins(trx)) <= 1) throw conflict(SETTINGS_MESSAGES.lastAdmin);
        }
        await settingsRepo.releaseCounts(trx, actor.id);
        const deleted = await settingsRepo.deleteUser(trx, actor.id);
        await avatars.remove(trx, deleted?.avatar ?? null);
        return deleted;
      });
      afterDeletion?.();
      await avatars.removeFile(deleted?.avatar ?? null);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
