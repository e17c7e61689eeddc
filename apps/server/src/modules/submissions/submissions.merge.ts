import { searchWords } from '@vgl/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { adminRepo } from '../admin/admin.repo.js';
import { bumpCatalogVersion } from '../catalog/catalog.import.js';
import { mergeGameInto } from '../catalog/catalog.merge.js';
import { mergeKey } from '../catalog/catalog.seed.js';
import { refreshSearchIndex } from '../catalog/search-index.js';
import { notificationsRepo } from '../notifications/notifications.repo.js';
import { submissionsRepo } from './submissions.repo.js';

type Trx = Transaction<Database>;

/**
 * The key under which two spellings of one title meet: the catalog's
 * mergeKey ("The Legend of Zelda" = "Legend of Zelda, The"); for a title
 * with no Latin letter or digit, where mergeKey is empty, its words run
 * together (so two Japanese titles are not one key).
 */
export const titleKey = (name: string) => mergeKey(name) || searchWords(name).join('');

/** A synced game and a submission are one game when their titles meet and their years are at most this far apart (when both are known). */
const YEAR_WINDOW = 1;

interface MergeDecision {
  submissionId: number;
  /** The game the submission made; the same as `into` when a sync took that very row (by slug). */
  from: number;
  into: { id: number; name: string };
  at: number;
  /** The moderator; null for a catalog sync. */
  by: { id: number; username: string } | null;
  submitter: number | null;
  label: string;
}

/**
 * The merge itself, in the caller's transaction once the submission is
 * claimed (its state set to merged): every entry of the submitted game moves
 * onto the catalog game (catalog.merge.ts), the submission says where it
 * went, the audit log says who did it, and the submitter is told.
 */
export async function mergeClaimedSubmission(trx: Trx, db: Pick<Db, 'dialect'>, d: MergeDecision): Promise<void> {
  if (d.from !== d.into.id) {
    // PostgreSQL: held until the end, so a library write on the old game waits, then fails, instead of
    // landing after the entries were moved and going with the game. (SQLite runs one transaction at a time.)
    if (db.dialect === 'postgres') await trx.selectFrom('games').select('id').where('id', '=', d.from).forUpdate().execute();
    await mergeGameInto(trx, db.dialect, d.from, d.into.id, d.at);
  }
  await submissionsRepo.mergedInto(trx, d.submissionId, d.into.id);
  await adminRepo.insertAudit(trx, {
    actor_id: d.by?.id ?? null,
    actor_username: d.by?.username ?? null,
    action: 'submission.merge',
    target_type: 'submission',
    target_id: d.submissionId,
    target_label: d.label.slice(0, 200),
    reason: d.by ? `Merged into ${d.into.name}` : `Merged into ${d.into.name} by a catalog sync`,
    created_at: d.at,
  });
  if (d.submitter !== null && d.submitter !== d.by?.id) {
    // A sync has no person behind it: the notification names the submitter as its actor (the page shows the site).
    await notificationsRepo.insert(trx, {
      user_id: d.submitter,
      actor_id: d.by?.id ?? d.submitter,
      kind: 'submission_merged',
      entry_id: null,
      comment_id: null,
      list_id: null,
      submission_id: d.submissionId,
      message: null,
      created_at: d.at,
      read_at: null,
    });
  }
}

class LeftAsItIs extends Error {}

type SyncedGame = { id: number; name: string; release_year: number | null };

/** Of the synced games with the submission's title, the one nearest its year (within a year when both are known). */
function nearest(games: SyncedGame[] | undefined, year: number | null): SyncedGame | undefined {
  const gap = (g: SyncedGame) => (year === null || g.release_year === null ? YEAR_WINDOW + 0.5 : Math.abs(g.release_year - year));
  return games?.filter((g) => gap(g) <= YEAR_WINDOW + 0.5).sort((a, b) => gap(a) - gap(b) || a.id - b.id)[0];
}

/**
 * After a catalog sync (IGDB or Wikidata) saved `gameIds`: every member's
 * submission those games bring is merged into them, with every library
 * entry, diary entry, list place, review, like and comment kept, and its
 * submitter is told ("merged into …"). A submission is brought by a synced
 * game when
 * - it is pending or approved and its title meets the game's (titleKey:
 *   the catalog's mergeKey), their release years at most one apart when both
 *   are known; or
 * - the sync took the submitted game's own row (IGDB adopts a catalog game
 *   with its slug and no IGDB id): then nothing moves, and the game, the
 *   catalog's now, is listed whatever the submission's state.
 * Only games a sync owns are targets (not members' games). Each submission
 * is merged in a transaction of its own and claimed first, so a moderator
 * deciding it at the same moment makes one of the two find it decided.
 * Returns how many submissions were merged.
 */
export async function mergeSubmissionsIntoCatalog(db: Db, gameIds: number[]): Promise<number> {
  const k = db.kysely;
  const synced: (SyncedGame & { source: string })[] = [];
  for (let i = 0; i < gameIds.length; i += 500) {
    const ids = gameIds.slice(i, i + 500);
    synced.push(...(await k.selectFrom('games').select(['id', 'name', 'release_year', 'source']).where('id', 'in', ids).where('source', '<>', 'member').execute()));
  }
  if (synced.length === 0) return 0;
  const byKey = new Map<string, SyncedGame[]>();
  for (const game of synced) {
    const key = titleKey(game.name);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), game]);
  }
  const byId = new Map(synced.map((g) => [g.id, g]));

  const plans = new Map<number, { target: SyncedGame; adopted: boolean; name: string; from: number; states: ('pending' | 'approved' | 'rejected')[] }>();
  for (let i = 0; i < synced.length; i += 500) {
    const ids = synced.slice(i, i + 500).map((g) => g.id);
    const adopted = await k
      .selectFrom('game_submissions')
      .select(['id', 'game_id', 'name'])
      .where('game_id', 'in', ids)
      .where('state', 'in', ['pending', 'approved', 'rejected'])
      .execute();
    for (const s of adopted) plans.set(s.id, { target: byId.get(s.game_id!)!, adopted: true, name: s.name, from: s.game_id!, states: ['pending', 'approved', 'rejected'] });
  }
  const keys = [...byKey.keys()];
  for (let i = 0; i < keys.length; i += 500) {
    for (const s of await submissionsRepo.mergeableWithKeys(k, keys.slice(i, i + 500))) {
      if (plans.has(s.id)) continue;
      const target = nearest(byKey.get(s.name_key), s.year);
      if (target) plans.set(s.id, { target, adopted: false, name: s.name, from: s.game_id!, states: ['pending', 'approved'] });
    }
  }

  let merged = 0;
  const nowListed: number[] = [];
  for (const [submissionId, plan] of plans) {
    const at = Date.now();
    const done = await k.transaction().execute(async (trx) => {
      const claimed = await submissionsRepo.decide(trx, submissionId, plan.states, { state: 'merged', decided_by: null, decided_at: at });
      if (!claimed) return false; // decided meanwhile (a moderator): left as it is
      // Its game changed since it was read: undo the claim (roll back), leave it for the next sync.
      if (claimed.game_id !== plan.from) throw new LeftAsItIs();
      await mergeClaimedSubmission(trx, db, {
        submissionId,
        from: claimed.game_id,
        into: { id: plan.target.id, name: plan.target.name },
        at,
        by: null,
        submitter: claimed.user_id,
        label: plan.name,
      });
      return true;
    }).catch((error: unknown) => {
      if (error instanceof LeftAsItIs) return false;
      throw error;
    });
    if (!done) continue;
    merged += 1;
    if (plan.adopted) nowListed.push(plan.target.id);
  }
  if (merged > 0) {
    // A game the sync took over from a submission was kept out of search until now.
    if (nowListed.length > 0) await refreshSearchIndex(db, nowListed);
    await bumpCatalogVersion(db);
  }
  return merged;
}
