import { sql, type Compilable, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';

const DAY = 86_400_000;

/**
 * `text like '%q%'` for search boxes: q is lower-cased (compare it with a
 * lower-cased column) and LIKE's own wildcards in it are taken literally.
 */
export function contains(column: Expression<string | null>, q: string): Expression<SqlBool> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

/** Any of these columns (already lower-cased, or wrapped in lower()) contains q. */
export const matchesAny = (columns: (string | Expression<string | null>)[], q: string) =>
  sql<SqlBool>`(${sql.join(
    columns.map((c) => contains(typeof c === 'string' ? sql.ref<string>(c) : c, q)),
    sql` or `,
  )})`;

export const lower = (column: Expression<string | null>) => sql<string | null>`lower(${column})`;

/** The `n` of a count query, as a number (PostgreSQL returns counts as strings). */
export const countOf = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
/** The same, for a count that scans: read with Db.scanRead. */
export const scannedCount = async (db: Pick<Db, 'scanRead'>, query: Compilable<{ n: number | string | bigint }>) => countOf(db.scanRead(query).then((rows) => rows[0]));

function adminUserRows(db: Conn) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.avatar',
      'u.role',
      'u.state',
      'u.created_at',
      'u.last_login_at',
      'u.suspended_reason',
      'u.suspended_at',
      (eb) => eb.selectFrom('library_entries as e').select(eb.fn.countAll().as('n')).whereRef('e.user_id', '=', 'u.id').as('games'),
      (eb) =>
        eb
          .selectFrom('library_entries as e')
          .select(eb.fn.countAll().as('n'))
          .whereRef('e.user_id', '=', 'u.id')
          .where('e.review', 'is not', null)
          .as('reviews'),
    ]);
}
export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof adminRepo.userById>>>;

/** Day number (days since 1970-01-01 UTC) → count. */
function perDay(rows: { day: number | string | bigint; n: number | string | bigint }[]): Map<number, number> {
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
}
// The same literal text in SELECT and GROUP BY, so PostgreSQL sees one expression.
const dayOf = (column: string) => sql<number>`${sql.ref(column)} / ${sql.lit(DAY)}`;

export const adminRepo = {
  userById: (db: Conn, id: number) => adminUserRows(db).where('u.id', '=', id).executeTakeFirst(),

  /** Newest accounts first; q matches the username or the e-mail address anywhere, ignoring case. Read off the serving thread (scanned). */
  async users(db: Pick<Db, 'kysely' | 'scanRead'>, f: { q: string; limit: number; offset: number }) {
    const search = matchesAny(['u.username_key', 'u.email_key'], f.q);
    const [rows, total] = await Promise.all([
      db.scanRead(
        adminUserRows(db.kysely)
          .$if(f.q !== '', (q) => q.where(search))
          .orderBy('u.created_at', 'desc')
          .orderBy('u.id', 'desc')
          .limit(f.limit)
          .offset(f.offset),
      ),
      scannedCount(
        db,
        db.kysely
          .selectFrom('users as u')
          .select((eb) => eb.fn.countAll().as('n'))
          .$if(f.q !== '', (q) => q.where(search)),
      ),
    ]);
    return { rows, total };
  },

  /** Admins in good standing: the ones who could still run the dashboard. */
  countActiveAdmins: (db: Conn) =>
    countOf(db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'admin').where('state', '=', 'active').executeTakeFirst()),

  async counts(db: Conn, activeSince: number) {
    const [users, activeUsersWeek, gamesLogged, reviews, comments] = await Promise.all([
      countOf(db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      // Who acted since: each source read by time (the week's rows only), then the accounts in good standing among them.
      // UNION ALL: `in` ignores repeats, and with UNION SQLite merged the four in actor order, reading every row (0.3 s).
      countOf(
        db
          .selectFrom('users as u')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('u.state', '=', 'active')
          .where('u.id', 'in', (eb) =>
            eb
              .selectFrom('users')
              .select('id as actor')
              .where('last_login_at', '>=', activeSince)
              .unionAll(eb.selectFrom('activities').select('actor_id as actor').where('created_at', '>=', activeSince))
              .unionAll(eb.selectFrom('library_entries').select('user_id as actor').where('updated_at', '>=', activeSince))
              .unionAll(eb.selectFrom('comments').select('user_id as actor').where('created_at', '>=', activeSince)),
          )
          .executeTakeFirst(),
      ),
      countOf(db.selectFrom('library_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      countOf(db.selectFrom('library_entries').select((eb) => eb.fn.countAll().as('n')).where('review', 'is not', null).executeTakeFirst()),
      countOf(db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
    ]);
    return { users, activeUsersWeek, gamesLogged, reviews, comments };
  },

  signupsPerDay: async (db: Conn, from: number) =>
    perDay(
      await db
        .selectFrom('users')
        .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
        .where('created_at', '>=', from)
        .groupBy(dayOf('created_at'))
        .execute(),
    ),

  reviewsPerDay: async (db: Conn, from: number) =>
    perDay(
      await db
        .selectFrom('library_entries')
        .select([dayOf('review_created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
        .where('review', 'is not', null)
        .where('review_created_at', '>=', from)
        .groupBy(dayOf('review_created_at'))
        .execute(),
    ),

  insertAudit: (db: Conn, values: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(values).execute(),

  /** Newest first. */
  async audit(db: Conn, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      db.selectFrom('audit_log').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      countOf(db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
    ]);
    return { rows, total };
  },
};
export type AuditRow = Awaited<ReturnType<typeof adminRepo.audit>>['rows'][number];
