import { slugify, SUBMISSION_LIMITS, SUBMISSION_MESSAGES, type AdminSubmission, type GameSubmission, type SubmissionGameRef } from '@vgl/shared';
import type { AdminSubmissionsQuery, GameSubmissionInput, SubmissionMergeInput } from '@vgl/shared/schemas';
import { isUniqueViolation, lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../http/errors.js';
import { recordAudit } from '../admin/admin.audit.js';
import { bumpCatalogVersion } from '../catalog/catalog.import.js';
import { findGameBySlug } from '../catalog/catalog.repo.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { refreshSearchIndex } from '../catalog/search-index.js';
import type { Conn } from '../library/library.repo.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UserRow } from '../users/users.repo.js';
import { mergeClaimedSubmission, titleKey } from './submissions.merge.js';
import { platformSlugsOf, presentAdminSubmission, presentSubmission } from './submissions.presenter.js';
import { OPEN_STATES, submissionsRepo, type SubmissionRow } from './submissions.repo.js';

const DAY_MS = 86_400_000;
/** How many of the catalog's search results for the name are checked for the same title. */
const TWIN_CANDIDATES = 50;

/** 409: the catalog has the game already; the answer names it so the page can link it. */
export class AlreadyInCatalog extends AppError {
  constructor(readonly game: SubmissionGameRef & { year: number | null }) {
    super(409, 'already_in_catalog', SUBMISSION_MESSAGES.alreadyInCatalog(game.year === null ? game.name : `${game.name} (${game.year})`));
  }
}

export interface SubmissionsDeps {
  catalog: Pick<CatalogService, 'search' | 'unlistedGame'>;
  notifications: Pick<NotificationsService, 'notify'>;
}

/**
 * "When the game is not there": a member adds a game the catalog lacks and
 * may log, rate and review it at once; moderators approve it (it joins the
 * catalog), merge it into the catalog game it is, or reject it (it stays the
 * member's own). Until approved, only the member and moderators see it
 * (catalog/catalog.visibility.ts). A later catalog sync that brings the same
 * game merges it (submissions.merge.ts).
 *
 * Two members who submit the same missing game each get their own pending
 * game (neither sees the other's): the dashboard lists them together
 * (`sameTitle`), and the moderator approves one and merges the others into
 * it — or a sync merges them all.
 */
export function createSubmissionsService(db: Db, deps: SubmissionsDeps, now: () => number = Date.now) {
  const k = db.kysely;

  async function platformNames(conn: Conn, rows: SubmissionRow[]) {
    const slugs = [...new Set(rows.flatMap(platformSlugsOf))];
    return new Map((await submissionsRepo.platforms(conn, slugs)).map((p) => [p.slug, p.name]));
  }

  async function presentOne(conn: Conn, row: SubmissionRow): Promise<GameSubmission> {
    return presentSubmission(row, await platformNames(conn, [row]));
  }

  async function presentForStaff(conn: Conn, rows: SubmissionRow[], viewer: UserRow): Promise<AdminSubmission[]> {
    const [names, pending] = await Promise.all([platformNames(conn, rows), submissionsRepo.pendingWithKeys(conn, [...new Set(rows.map((r) => r.name_key))])]);
    return rows.map((row) =>
      presentAdminSubmission(
        row,
        names,
        pending.filter((p) => p.name_key === row.name_key && p.id !== row.id).map((p) => p.id),
        viewer,
      ),
    );
  }

  /** A catalog game of the same title (and year, when one is given): what a member is sent to instead of adding it again. */
  async function catalogTwin(name: string, year: number | null) {
    const key = titleKey(name);
    const found = await deps.catalog.search(name, 1, TWIN_CANDIDATES);
    const bySlug = await Promise.all([slugify(name), slugify(name.replace(/^(.*),\s*(the|a|an)$/i, '$2 $1'))].filter(Boolean).map((slug) => findGameBySlug(k, slug)));
    const candidates = [
      ...bySlug.flatMap((g) => (g ? [{ name: g.name, slug: g.slug, release_year: g.release_year }] : [])),
      ...found.items,
    ];
    const twin = candidates.find((g) => titleKey(g.name) === key && (year === null || g.release_year === year));
    return twin ? { slug: twin.slug, name: twin.name, year: twin.release_year } : undefined;
  }

  /** A slug no game has: the name's, else with the year, else numbered. */
  async function freeSlug(conn: Conn, name: string, year: number | null): Promise<string> {
    const base = slugify(name) || 'game';
    const tries = [base, ...(year === null ? [] : [`${base}-${year}`]), ...Array.from({ length: 20 }, (_, i) => `${base}-${i + 2}`)];
    const taken = await submissionsRepo.slugsTaken(conn, tries);
    return tries.find((slug) => !taken.has(slug)) ?? `${base}-${Date.now().toString(36)}`;
  }

  async function submissionOrThrow(conn: Conn, id: number): Promise<SubmissionRow> {
    const row = await submissionsRepo.byId(conn, id);
    if (!row) throw notFound('There is no such game submission.');
    return row;
  }

  const alreadyDecided = (row: SubmissionRow) => conflict(SUBMISSION_MESSAGES.alreadyDecided(row.state, row.decided_by_username));

  /** Claims the submission for a decision, or says why not: 404 when there is none, 409 when it was decided already. */
  async function claim(conn: Conn, id: number, action: 'approve' | 'reject' | 'merge', values: { state: 'approved' | 'rejected' | 'merged'; decided_by: number; decided_at: number; reason?: string }) {
    const claimed = await submissionsRepo.decide(conn, id, OPEN_STATES[action], values);
    if (claimed) return claimed;
    throw alreadyDecided(await submissionOrThrow(conn, id));
  }

  /** After a decision the public catalog changed: search indexes the game, and every process lets go of what it kept. */
  async function catalogChanged(listed: number[]) {
    if (listed.length > 0) await refreshSearchIndex(db, listed);
    await bumpCatalogVersion(db);
  }

  return {
    /** POST /api/games/submissions */
    async submit(actor: UserRow, input: GameSubmissionInput): Promise<GameSubmission> {
      const platforms = await submissionsRepo.platforms(k, input.platforms);
      const unknown = input.platforms.find((slug) => !platforms.some((p) => p.slug === slug));
      if (unknown) throw badRequest(SUBMISSION_MESSAGES.unknownPlatform(unknown), { platforms: SUBMISSION_MESSAGES.unknownPlatform(unknown) });
      const twin = await catalogTwin(input.name, input.year);
      if (twin) throw new AlreadyInCatalog(twin);

      const insert = () =>
        k.transaction().execute(async (trx) => {
          // Counting then adding: one submission of this member at a time.
          await lockMember(db, trx, actor.id);
          const at = now();
          if ((await submissionsRepo.countSince(trx, actor.id, at - DAY_MS)) >= SUBMISSION_LIMITS.perDay) throw tooManyRequests(SUBMISSION_MESSAGES.tooMany);
          const slug = await freeSlug(trx, input.name, input.year);
          const game = await trx
            .insertInto('games')
            .values({
              slug,
              name: input.name,
              summary: null,
              cover_image_id: null,
              first_release_date: null,
              release_year: input.year,
              rating: null,
              popularity: 0,
              source: 'member',
              igdb_id: null,
              igdb_updated_at: null,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (platforms.length > 0) {
            await trx
              .insertInto('game_platforms')
              .values(platforms.map((p) => ({ game_id: game.id, platform_id: p.id, popularity: 0, release_year: input.year })))
              .execute();
          }
          return (
            await submissionsRepo.insert(trx, {
              game_id: game.id,
              user_id: actor.id,
              name: input.name,
              name_key: titleKey(input.name),
              year: input.year,
              platforms: JSON.stringify(input.platforms),
              url: input.url,
              created_at: at,
            })
          ).id;
        });
      let id: number | undefined;
      // Two members adding the same name at once can both pick its slug: the second tries again with the next one.
      for (let attempt = 0; id === undefined; attempt += 1) {
        try {
          id = await insert();
        } catch (error) {
          if (attempt >= 2 || !isUniqueViolation(error)) throw error;
        }
      }
      return presentOne(k, await submissionOrThrow(k, id));
    },

    /** GET /api/games/{slug}/submission: the page of a game not in the catalog (yet), for its submitter and moderators. */
    async game(actor: UserRow, slug: string) {
      const found = await deps.catalog.unlistedGame(slug, actor);
      if (!found) throw notFound(`There is no game "${slug}".`);
      return { ...found.page, submission: await presentOne(k, await submissionOrThrow(k, found.submissionId)) };
    },

    /** GET /api/admin/submissions */
    async list(actor: UserRow, query: AdminSubmissionsQuery) {
      const { rows, total } = await submissionsRepo.page(k, { state: query.state, limit: query.limit, offset: (query.page - 1) * query.limit });
      return { items: await presentForStaff(k, rows, actor), total };
    },

    /** The game joins the catalog: listed, searchable, browsable; its submitter is told. */
    async approve(actor: UserRow, id: number): Promise<AdminSubmission> {
      const at = now();
      const gameId = await k.transaction().execute(async (trx) => {
        const claimed = await claim(trx, id, 'approve', { state: 'approved', decided_by: actor.id, decided_at: at });
        if (claimed.game_id !== null) {
          await trx.updateTable('games').set({ updated_at: at }).where('id', '=', claimed.game_id).execute();
          // Its platforms now count it (refreshPlatformCounts leaves unlisted games out).
          const onPlatforms = trx.selectFrom('game_platforms').select('platform_id').where('game_id', '=', claimed.game_id);
          await trx.updateTable('platforms').set((eb) => ({ games_count: eb('games_count', '+', 1) })).where('id', 'in', onPlatforms).execute();
        }
        await recordAudit(trx, actor, { action: 'submission.approve', targetType: 'submission', targetId: id, targetLabel: claimed.name }, at);
        if (claimed.user_id !== null) await deps.notifications.notify(trx, { userId: claimed.user_id, actorId: actor.id, kind: 'submission_approved', submissionId: id });
        return claimed.game_id;
      });
      await catalogChanged(gameId === null ? [] : [gameId]);
      return (await presentForStaff(k, [await submissionOrThrow(k, id)], actor))[0]!;
    },

    /** The game stays its submitter's own (their entries with it), never listed; they are told the reason. */
    async reject(actor: UserRow, id: number, reason: string): Promise<AdminSubmission> {
      const at = now();
      await k.transaction().execute(async (trx) => {
        const claimed = await claim(trx, id, 'reject', { state: 'rejected', decided_by: actor.id, decided_at: at, reason });
        await recordAudit(trx, actor, { action: 'submission.reject', targetType: 'submission', targetId: id, targetLabel: claimed.name, reason }, at);
        if (claimed.user_id !== null) {
          await deps.notifications.notify(trx, { userId: claimed.user_id, actorId: actor.id, kind: 'submission_rejected', submissionId: id, message: reason });
        }
      });
      return (await presentForStaff(k, [await submissionOrThrow(k, id)], actor))[0]!;
    },

    /** The submission is that catalog game: every entry of its game moves there (submissions.merge.ts), and its game goes. */
    async merge(actor: UserRow, id: number, input: SubmissionMergeInput): Promise<AdminSubmission> {
      const named = String(input.game);
      const target =
        typeof input.game === 'number'
          ? await k.selectFrom('games').select('slug').where('id', '=', input.game).executeTakeFirst().then((g) => (g ? findGameBySlug(k, g.slug) : undefined))
          : await findGameBySlug(k, input.game);
      // Only a catalog game (findGameBySlug without a viewer never answers an unlisted one).
      if (!target) throw badRequest(SUBMISSION_MESSAGES.mergeTargetMissing(named), { game: SUBMISSION_MESSAGES.mergeTargetMissing(named) });
      const current = await submissionOrThrow(k, id);
      if (current.game_id === target.id) throw badRequest(SUBMISSION_MESSAGES.mergeIntoItself, { game: SUBMISSION_MESSAGES.mergeIntoItself });
      const at = now();
      await k.transaction().execute(async (trx) => {
        const claimed = await claim(trx, id, 'merge', { state: 'merged', decided_by: actor.id, decided_at: at });
        if (claimed.game_id === target.id) throw badRequest(SUBMISSION_MESSAGES.mergeIntoItself, { game: SUBMISSION_MESSAGES.mergeIntoItself });
        if (claimed.game_id === null) throw alreadyDecided(await submissionOrThrow(trx, id));
        await mergeClaimedSubmission(trx, db, {
          submissionId: id,
          from: claimed.game_id,
          into: { id: target.id, name: target.name },
          at,
          by: { id: actor.id, username: actor.username },
          submitter: claimed.user_id,
          label: claimed.name,
        });
      });
      await catalogChanged([]);
      return (await presentForStaff(k, [await submissionOrThrow(k, id)], actor))[0]!;
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
