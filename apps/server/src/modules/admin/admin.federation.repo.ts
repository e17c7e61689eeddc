import type { Db } from '../../db/database.js';
import type { FederationInstance } from '@vgl/shared';
import { actorHostSql } from '../federation/federation.instances.js';
import type { RemoteFollowState } from '../federation/federation.tables.js';
import { scannedCount } from './admin.repo.js';

type Reader = Pick<Db, 'kysely' | 'scanRead' | 'dialect'>;

/** What the dashboard's Federation tab reads of the federation tables (0053); the tables exist whether FEDERATION is on or not. */
export const adminFederationRepo = {
  /** Follows of members from other servers, by state. */
  async followCounts(db: Reader): Promise<Record<RemoteFollowState, number>> {
    const rows = await db.scanRead(db.kysely.selectFrom('federation_followers').select(['state', (eb) => eb.fn.countAll().as('n')]).groupBy('state'));
    const count = (state: RemoteFollowState) => Number(rows.find((row) => row.state === state)?.n ?? 0);
    return { accepted: count('accepted'), pending: count('pending') };
  },

  /** Reviews published and not deleted since (a deletion removes the row). */
  published: (db: Reader) => scannedCount(db, db.kysely.selectFrom('federation_notes').select((eb) => eb.fn.countAll().as('n'))),

  /** The remote servers following members here: most remote accounts first, then by host. */
  async instances(db: Reader, limit: number): Promise<FederationInstance[]> {
    const follows = db.kysely.selectFrom('federation_followers').select([actorHostSql(db.dialect).as('host'), 'actor_id', 'user_id']).as('f');
    const rows = await db.scanRead(
      db.kysely
        .selectFrom(follows)
        .select((eb) => ['f.host', eb.fn.count('f.actor_id').distinct().as('followers'), eb.fn.count('f.user_id').distinct().as('members')])
        .groupBy('f.host')
        .orderBy('followers', 'desc')
        .orderBy('f.host')
        .limit(limit),
    );
    return rows.map((row) => ({ host: row.host, followers: Number(row.followers), members: Number(row.members) }));
  },
};
