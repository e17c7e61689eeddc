import { INSTANCE_MESSAGES, type InstancePolicy, type InstanceRule } from '@vgl/shared';
import type { InstanceRuleInput } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { actorHostSql, domainsCovering, removeFollowersOn } from '../federation/federation.instances.js';
import type { UserRow } from '../users/users.repo.js';
import { recordAudit } from './admin.audit.js';

type Reader = Pick<Db, 'kysely' | 'scanRead' | 'dialect'>;

/** Remote accounts following members, by host (its port dropped): one scan of the followers, whatever the number of rules. */
async function followersByHost(db: Reader): Promise<Map<string, number>> {
  const host = actorHostSql(db.dialect);
  const rows = await db.scanRead(db.kysely.selectFrom('federation_followers').select([host.as('host'), (eb) => eb.fn.countAll().as('n')]).groupBy(host));
  const counts = new Map<string, number>();
  for (const row of rows) {
    const bare = row.host.replace(/:\d+$/, '');
    counts.set(bare, (counts.get(bare) ?? 0) + Number(row.n));
  }
  return counts;
}

/**
 * The instance blocks and silences of the dashboard's Federation tab (issue
 * 40). Staff set them (the routes check it); each change writes its audit row
 * in the same transaction, and a block removes the server's follows of
 * members in it too. The rules apply whether FEDERATION is on or not, so an
 * instance can block a server before it starts federating.
 */
export function createInstanceRulesService(db: Db, { ownHost, now = Date.now }: { ownHost: string; now?: () => number }) {
  const k = db.kysely;

  async function list(): Promise<InstanceRule[]> {
    const [rows, counts] = await Promise.all([
      db.scanRead(
        k
          .selectFrom('federation_instances as i')
          .leftJoin('users as u', 'u.id', 'i.created_by')
          .select(['i.domain', 'i.policy', 'i.reason', 'i.created_at', 'u.username'])
          .orderBy('i.domain'),
      ),
      followersByHost(db),
    ]);
    const followers = new Map(rows.map((row) => [row.domain, 0]));
    for (const [host, n] of counts) for (const domain of domainsCovering(host)) if (followers.has(domain)) followers.set(domain, followers.get(domain)! + n);
    return rows.map((row) => ({ domain: row.domain, policy: row.policy, reason: row.reason, createdAt: Number(row.created_at), createdBy: row.username, followers: followers.get(row.domain) ?? 0 }));
  }

  const ruleOf = async (domain: string) => (await list()).find((rule) => rule.domain === domain)!;

  return {
    list,

    /**
     * Blocks or silences a domain, or changes its rule. The domain is the key: of two identical requests at once,
     * one inserts (and is audited), the other finds the same rule and changes nothing. Created: true when new.
     */
    async set(actor: UserRow, { domain, policy, reason }: InstanceRuleInput): Promise<{ rule: InstanceRule; created: boolean }> {
      if (domainsCovering(ownHost).includes(domain)) throw badRequest(INSTANCE_MESSAGES.ownDomain, { domain: INSTANCE_MESSAGES.ownDomain });
      const created = await k.transaction().execute(async (trx) => {
        const at = now();
        const inserted = await trx
          .insertInto('federation_instances')
          .values({ domain, policy, reason, created_at: at, created_by: actor.id })
          .onConflict((oc) => oc.column('domain').doNothing())
          .returning('domain')
          .execute();
        if (inserted.length === 0) {
          const existing = await trx.selectFrom('federation_instances').select(['policy', 'reason']).where('domain', '=', domain).executeTakeFirst();
          if (existing && existing.policy === policy && existing.reason === reason) return false;
          await trx.updateTable('federation_instances').set({ policy, reason }).where('domain', '=', domain).execute();
        }
        // Mastodon's suspend: the server's accounts stop following anyone here at once (their servers are not told).
        if (policy === 'block') await removeFollowersOn(trx, db.dialect, domain);
        await recordAudit(trx, actor, { action: `instance.${policy}`, targetType: 'instance', targetId: null, targetLabel: domain, reason }, at);
        return inserted.length > 0;
      });
      return { rule: await ruleOf(domain), created };
    },

    /** Lifts a rule: the server's accounts may follow members again (those removed by a block are not brought back). */
    async remove(actor: UserRow, domain: string): Promise<void> {
      await k.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('federation_instances').where('domain', '=', domain).returning('policy').executeTakeFirst();
        if (!gone) throw notFound(INSTANCE_MESSAGES.notListed);
        const lifted: Record<InstancePolicy, string> = { block: 'block lifted', silence: 'silence lifted' };
        await recordAudit(trx, actor, { action: 'instance.remove', targetType: 'instance', targetId: null, targetLabel: domain, reason: lifted[gone.policy] }, now());
      });
    },
  };
}

export type InstanceRulesService = ReturnType<typeof createInstanceRulesService>;
