import { MEMBER_PLATFORMS_MESSAGES, type MemberPlatform } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import type { UserRow } from '../users/users.repo.js';
import { memberPlatformsRepo } from './member-platforms.repo.js';

/** The platforms a member says they own (Settings): release alerts and Coming up read them. */
export function createMemberPlatformsService(db: Db) {
  const k = db.kysely;
  return {
    async list(actor: UserRow): Promise<{ platforms: MemberPlatform[] }> {
      return { platforms: await memberPlatformsRepo.list(k, actor.id) };
    },

    /** Replaces the set; ids the catalog does not have are refused by name, nothing saved. */
    async replace(actor: UserRow, platformIds: number[]): Promise<{ platforms: MemberPlatform[] }> {
      const ids = [...new Set(platformIds)];
      const known = await memberPlatformsRepo.existing(k, ids);
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) {
        const message = MEMBER_PLATFORMS_MESSAGES.unknown(unknown);
        throw badRequest(message, { platformIds: message });
      }
      await k.transaction().execute(async (trx) => {
        // Two saves at once (two devices) take turns on the member's row: without it, PostgreSQL's second delete
        // misses the first's new rows and its insert collides with them. SQLite writes one transaction at a time.
        if (db.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', actor.id).forUpdate().execute();
        await memberPlatformsRepo.replace(trx, actor.id, ids);
      });
      return this.list(actor);
    },
  };
}

export type MemberPlatformsService = ReturnType<typeof createMemberPlatformsService>;
