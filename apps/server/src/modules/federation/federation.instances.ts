import type { InstancePolicy } from '@vgl/shared';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';

/*
 * Instance blocks and silences (issue 40), as the inbox, the deliveries and
 * the dashboard read them. No Fedify here: the dashboard manages rules with
 * FEDERATION off too.
 */

/** A URL's host, lower-case, without its port; null when it is not a URL. */
export function hostOf(url: string | URL | null | undefined): string | null {
  if (!url) return null;
  try {
    return (url instanceof URL ? url : new URL(url)).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** The domains whose rules cover a host: itself and each parent ("a.spam.example" → a.spam.example, spam.example, example). An address covers only itself. */
export function domainsCovering(host: string): string[] {
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return [host];
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** The stronger of two policies: a block wins over a silence (a blocked server's silenced subdomain is blocked all the same). */
const stronger = (a: InstancePolicy | null, b: InstancePolicy | null): InstancePolicy | null => (a === 'block' || b === 'block' ? 'block' : (a ?? b));

/** What applies to each of these hosts (a host with no rule: null), in one query. */
export async function policiesOf(db: Conn, hosts: (string | null)[]): Promise<InstancePolicy | null> {
  const domains = [...new Set(hosts.filter((h): h is string => h !== null).flatMap(domainsCovering))];
  if (domains.length === 0) return null;
  const rows = await db.selectFrom('federation_instances').select('policy').where('domain', 'in', domains).execute();
  return rows.reduce<InstancePolicy | null>((policy, row) => stronger(policy, row.policy), null);
}

/** Every blocked domain: for filtering many recipients at once (a delivery to all of a member's followers). */
export async function blockedDomains(db: Conn): Promise<Set<string>> {
  return new Set((await db.selectFrom('federation_instances').select('domain').where('policy', '=', 'block').execute()).map((r) => r.domain));
}

export const isBlockedBy = (blocked: Set<string>, url: string | null | undefined): boolean => {
  const host = hostOf(url);
  return host !== null && domainsCovering(host).some((domain) => blocked.has(domain));
};

/**
 * The lower-cased host (with its port, if any) of a follower's actor id, in
 * SQL: what lies between "://" and the next "/". Each dialect has its own
 * string functions; ids are stored as Fedify parsed them (hosts lower-case).
 */
export function actorHostSql(dialect: Dialect, column: RawBuilder<string> = sql<string>`actor_id`): RawBuilder<string> {
  if (dialect === 'postgres') return sql<string>`lower(split_part(${column}, '/', 3))`;
  const afterScheme = sql`substr(${column}, instr(${column}, '://') + 3)`;
  return sql<string>`lower(substr(${afterScheme}, 1, instr(${afterScheme} || '/', '/') - 1))`;
}

/** Whether a follower's actor id is on `domain` or one of its subdomains, on any port. Domains hold no LIKE wildcards (normaliseDomain). */
export function followerOn(dialect: Dialect, domain: Expression<string>): RawBuilder<boolean> {
  const host = actorHostSql(dialect);
  return sql<boolean>`(${host} = ${domain} or ${host} like ${domain} || ':%' or ${host} like '%.' || ${domain} or ${host} like '%.' || ${domain} || ':%')`;
}

/**
 * Removes a blocked server's follows of members (and their follow-request notifications); returns how many went.
 * Members' follows of its accounts go too, with the posts kept of them: nothing of a blocked server stays in a feed.
 */
export async function removeFollowersOn(db: Conn, dialect: Dialect, domain: string): Promise<number> {
  const gone = await db.deleteFrom('federation_followers').where(followerOn(dialect, sql.val(domain))).returning(['id', 'user_id']).execute();
  for (const row of gone) await forgetRequestNotice(db, row.user_id, row.id);
  const actorsThere = db.selectFrom('federation_actors').select('id').where(followerOn(dialect, sql.val(domain)));
  await db.deleteFrom('federation_following').where('actor', 'in', actorsThere).execute();
  await db.deleteFrom('federation_posts').where('actor', 'in', actorsThere).execute();
  return gone.length;
}

/**
 * The notification of a remote follow request: once approved, while unread (as a local request's, audience.approve);
 * once the follower is gone, read or not (it would name no one).
 */
export const forgetRequestNotice = (db: Conn, userId: number, followerId: number, { unreadOnly = false } = {}) =>
  db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('actor_id', '=', userId)
    .where('kind', '=', 'follow_requested')
    .where('remote_follower_id', '=', followerId)
    .$if(unreadOnly, (q) => q.where('read_at', 'is', null))
    .execute();

/**
 * Fedify's queued deliveries, checked as each is taken from the queue: one
 * to an inbox on a blocked server is dropped (queued before the block, or a
 * retry), and a fan-out loses its blocked inboxes. Null: drop the message.
 */
export function deliveryGate(k: Kysely<Database>) {
  return async (message: unknown): Promise<unknown> => {
    if (typeof message !== 'object' || message === null) return message;
    const m = message as { type?: unknown; inbox?: unknown; inboxes?: unknown };
    if (m.type === 'outbox' && typeof m.inbox === 'string') return (await policiesOf(k, [hostOf(m.inbox)])) === 'block' ? null : message;
    if (m.type === 'fanout' && typeof m.inboxes === 'object' && m.inboxes !== null) {
      const blocked = await blockedDomains(k);
      const kept = Object.fromEntries(Object.entries(m.inboxes).filter(([inbox]) => !isBlockedBy(blocked, inbox)));
      return Object.keys(kept).length === 0 ? null : { ...m, inboxes: kept };
    }
    return message;
  };
}

/** The id (or, for an embedded object, its id) a JSON-LD property names. */
const idIn = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null;

/**
 * Whether an inbox post comes from a blocked server, checked before Fedify
 * sees it, so nothing from there is fetched (its actor, its key) or stored:
 * by the host of the key that signed it and of the actor and activity the
 * body names. A body that is not JSON is left to Fedify, which refuses it.
 */
export async function fromBlockedServer(db: Conn, signature: string | undefined, body: Buffer | undefined): Promise<boolean> {
  const hosts = [hostOf(/keyId="([^"]+)"/.exec(signature ?? '')?.[1])];
  if (body) {
    try {
      const activity = JSON.parse(body.toString('utf8')) as unknown;
      if (typeof activity === 'object' && activity !== null) {
        const { id, actor } = activity as { id?: unknown; actor?: unknown };
        hosts.push(hostOf(idIn(id)), hostOf(idIn(actor)));
      }
    } catch {
      // Not JSON: Fedify answers it.
    }
  }
  return (await policiesOf(db, hosts)) === 'block';
}
