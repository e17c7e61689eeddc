import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { noteDigest, noteFields } from './federation.note.js';
import { LIST_KEY_PREFIX, PLAY_KEY_PREFIX, type PublishedObjects } from './federation.published.objects.js';
import { publicLists, publicPlays } from './federation.published.repo.js';
import { publicReviews } from './federation.repo.js';
import type { PublishedKind } from './federation.tables.js';

/** Rows read at a time. */
const BATCH = 200;

/**
 * Left to the publisher: something written this recently may be on its way
 * (its reconciliation under way on another instance), and recording it here
 * would take the Create's claim from it.
 */
export const BACKFILL_QUIET_MS = 10 * 60 * 1000;

export interface BackfillDeps {
  k: Kysely<Database>;
  publicUrl: string;
  published: PublishedObjects;
  log: FastifyBaseLogger;
  quietMs?: number;
  now?: () => number;
}

/**
 * The outbox is made from what was sent (federation_notes, federation_objects),
 * not from the reviews, plays and lists themselves. So that turning
 * federation on for an instance that already has public reviews, finished
 * plays and lists lists them in their members' outboxes (and serves them at
 * their ids), each public one never recorded is recorded here as published,
 * when it was written, without sending anything: nobody followed them from
 * elsewhere then, and a follower's server reads the outbox. Each is marked
 * never announced (announced 0): its first change is sent as a Create, as a
 * review saved again after federation was turned on always was.
 * Run on each start of a process that works jobs; what is recorded already is
 * passed over, and two processes at once record each once (ON CONFLICT).
 */
export async function backfillOutbox({ k, publicUrl, published, log, quietMs = BACKFILL_QUIET_MS, now = Date.now }: BackfillDeps): Promise<number> {
  const before = now() - quietMs;
  let recorded = 0;

  for (let after = 0; ; ) {
    const rows = await publicReviews(k)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('federation_notes as n').select('n.entry_id').whereRef('n.entry_id', '=', 'e.id'))))
      .where(sql<boolean>`coalesce(e.review_updated_at, e.review_created_at, e.updated_at) < ${before}`)
      .where('e.id', '>', after)
      .orderBy('e.id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const at = Number(row.review_created_at ?? before);
      const result = await k
        .insertInto('federation_notes')
        .values({ entry_id: row.entry_id, user_id: row.user_id, object_key: `${row.entry_id}-${at.toString(36)}`, digest: noteDigest(noteFields(publicUrl, row)), published_at: at, updated_at: at, announced: 0 })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      recorded += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.entry_id;
  }

  const unsent = async (kind: PublishedKind, after: number) => {
    const notRecorded = sql<boolean>`not exists (select 1 from federation_objects o where o.kind = ${kind} and o.subject_id = ${sql.ref(kind === 'play' ? 'pl.id' : 'l.id')})`;
    // Published when it was last written (a play when it was finished or last changed, a list when it was made).
    if (kind === 'play') {
      const rows = await publicPlays(k).select('pl.updated_at as written_at').where(notRecorded).where('pl.updated_at', '<', before).where('pl.id', '>', after).orderBy('pl.id').limit(BATCH).execute();
      return rows.map((row) => ({ id: row.play_id, at: Number(row.written_at) }));
    }
    const rows = await publicLists(k).select('l.created_at as written_at').where(notRecorded).where('l.updated_at', '<', before).where('l.id', '>', after).orderBy('l.id').limit(BATCH).execute();
    return rows.map((row) => ({ id: row.list_id, at: Number(row.written_at) }));
  };
  for (const kind of ['play', 'list'] as const) {
    for (let after = 0; ; ) {
      const rows = await unsent(kind, after);
      for (const { id, at } of rows) {
        const current = await published.subject(kind, id);
        if (!current) continue;
        const result = await k
          .insertInto('federation_objects')
          .values({ kind, subject_id: id, user_id: current.userId, entry_id: current.entryId, object_key: `${kind === 'play' ? PLAY_KEY_PREFIX : LIST_KEY_PREFIX}${id}-${at.toString(36)}`, digest: current.digest, published_at: at, updated_at: at, announced: 0 })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        recorded += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  if (recorded > 0) log.info({ recorded }, 'federation: reviews, plays and lists published before federation was on are now in their members’ outboxes');
  return recorded;
}
