import { PEOPLE_LIMITS, type KnownMember, type MemberCard } from '@vgl/shared';
import type { MembersQuery } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import { followsRepo } from '../follows/follows.repo.js';
import type { Actor } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { toKnownMember, toMemberCard, type CardContext } from './people.presenter.js';
import { peopleRepo, type MemberRow } from './people.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';

/**
 * A username key is [a-z0-9_]: what is typed is lower-cased, a leading "@"
 * (as in a mention) dropped; anything else in it can match no one.
 */
function usernamePart(q: string): string | null {
  const part = q.replace(/^@/, '').toLowerCase();
  return /^[a-z0-9_]+$/.test(part) ? part : null;
}

export function createPeopleService(db: Db) {
  const k = db.kysely;
  const repo = peopleRepo(k, db.dialect);

  async function contextFor(viewer: Actor, rows: MemberRow[]): Promise<CardContext> {
    const ids = rows.map((r) => r.id);
    const [followed, games] = await Promise.all([viewer ? followsRepo.followedAmong(k, viewer.id, ids) : new Set<number>(), repo.gameCounts(ids)]);
    return { viewer, followed, games };
  }

  return {
    /** With `q`, member search; without it, the directory in the order asked. */
    async list(viewer: Actor, { q, sort, page, limit }: MembersQuery): Promise<{ items: MemberCard[]; total: number }> {
      const offset = (page - 1) * limit;
      let found: { rows: MemberRow[]; total: number };
      if (q) {
        const part = usernamePart(q);
        found = part ? await repo.search(part, limit, offset) : { rows: [], total: 0 };
      } else {
        found = await repo.directory(sort, limit, offset);
      }
      // Members blocked either way do not find each other (the page may come out shorter).
      const hidden = viewer ? await audienceRepo.hiddenFrom(k, viewer.id) : new Set<number>();
      const rows = found.rows.filter((r) => !hidden.has(r.id));
      const context = await contextFor(viewer, rows);
      return { items: rows.map((row) => toMemberCard(row, context)), total: found.total };
    },

    /** Members the people `viewer` follows follow, whom they do not follow yet; empty when they follow no one. */
    async mayKnow(viewer: UserRow): Promise<KnownMember[]> {
      const hidden = await audienceRepo.hiddenFrom(k, viewer.id, { muted: true });
      const rows = (await repo.mayKnow(viewer.id, PEOPLE_LIMITS.mayKnow)).filter((r) => !hidden.has(r.id));
      const context = await contextFor(viewer, rows);
      return rows.map((row) => toKnownMember(row, context));
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
