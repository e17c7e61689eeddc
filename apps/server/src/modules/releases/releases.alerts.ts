import type { FastifyBaseLogger } from 'fastify';
import { RELEASE_LIMITS, RELEASE_MESSAGES, type NotificationKind } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import type { JobQueue, QueueSettings } from '../jobs/jobs.queue.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { releaseContext } from './releases.platforms.js';
import { releasesRepo, type AlertState, type WantedRow } from './releases.repo.js';

/** Compares each wanted game's release date with what its member was told, and tells them what changed. */
export const RELEASE_ALERTS_JOB = 'releases.alerts';
/** One waiting and one running across instances: a pass covers everyone. */
export const RELEASE_ALERTS_QUEUE: QueueSettings = { retry: { retryLimit: 2, retryDelaySeconds: 60, backoff: true }, oneAtATime: true, maxRunSeconds: 3600 };
/** Every 15 minutes: a date that appears between a wishlisting and the next pass is told as long as the pass comes first. */
export const RELEASE_ALERTS_CRON = '*/15 * * * *';

const DAY_SECONDS = 86_400;
const PAGE = 500;

interface Known {
  state: AlertState;
  date: number | null;
}

/** Where a game stands now: no date, a date to come, or out. */
export function standing(releaseDate: number | null, nowSeconds: number): Known {
  if (releaseDate === null) return { state: 'none', date: null };
  return { state: releaseDate > nowSeconds ? 'dated' : 'released', date: releaseDate };
}

/**
 * What to tell a member whose knowledge moves from `told` to `now`: a new
 * (or moved) date to come is "release_dated"; a game that came out since
 * they were told of it, within the last days, is "released"; anything else
 * (a date withdrawn, a past date corrected, a game out long ago) is only
 * recorded.
 */
export function alertFor(told: Known, now: Known, nowSeconds: number): NotificationKind | null {
  if (now.state === 'dated' && (told.state !== 'dated' || told.date !== now.date)) return 'release_dated';
  if (now.state === 'released' && told.state !== 'released' && now.date! >= nowSeconds - RELEASE_LIMITS.releasedAlertDays * DAY_SECONDS) return 'released';
  return null;
}

export interface ReleaseAlertsDeps {
  db: Db;
  notifications: NotificationsService;
  log?: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Release alerts. A member's first sight of a wanted game is recorded as it
 * stands, without an alert (a game already out, or already dated, when they
 * added it is no news); each later change is claimed by a conditional write
 * (releasesRepo.move) in the transaction that makes the notification, so
 * concurrent passes on several instances tell each change once.
 */
export function releaseAlerts({ db, notifications, log, now = Date.now }: ReleaseAlertsDeps) {
  const k = db.kysely;

  type Context = Awaited<ReturnType<typeof releaseContext>>;

  /**
   * A member who named their platforms knows a game by its release on one of
   * them (releases.platforms.ts): "out today" only for a release there, and the
   * dated alert says which platform. Others know it by its first release.
   */
  async function visit(row: WantedRow, at: number, context: Context): Promise<boolean> {
    const nowSeconds = Math.floor(at / 1000);
    const release = context.releaseOf(row.user_id, { id: row.game_id, first_release_date: row.first_release_date });
    const current = standing(release.date, nowSeconds);
    const platform = context.platformName(release.platformId);
    if (row.state === null) {
      await releasesRepo.record(k, row.user_id, row.game_id, current.state, current.date, at);
      return false;
    }
    const told: Known = { state: row.state, date: row.announced_date === null ? null : Number(row.announced_date) };
    if (told.state === current.state && told.date === current.date) return false;
    const kind = alertFor(told, current, nowSeconds);
    return k.transaction().execute(async (trx) => {
      if (!(await releasesRepo.move(trx, row.user_id, row.game_id, told, current, at))) return false;
      if (!kind) return false;
      const message =
        kind === 'release_dated'
          ? platform
            ? RELEASE_MESSAGES.datedOn(row.name, current.date!, platform)
            : RELEASE_MESSAGES.dated(row.name, current.date!)
          : platform
            ? RELEASE_MESSAGES.releasedOn(row.name, platform)
            : RELEASE_MESSAGES.released(row.name);
      await notifications.notify(trx, { userId: row.user_id, actorId: row.user_id, kind, gameId: row.game_id, message });
      return true;
    });
  }

  return {
    /** One pass over every wanted game; answers how many alerts it made. */
    async run(): Promise<number> {
      const at = now();
      let alerts = 0;
      for (let after = 0; ; ) {
        const rows = await releasesRepo.wantedPage(k, after, PAGE);
        const context = await releaseContext(
          k,
          rows.map((r) => ({ id: r.game_id, igdb_id: r.igdb_id, first_release_date: r.first_release_date })),
          rows.map((r) => r.user_id),
        );
        for (const row of rows) if (await visit(row, at, context)) alerts += 1;
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1]!.id;
      }
      log?.info({ alerts }, 'release alerts pass');
      return alerts;
    },
  };
}

export type ReleaseAlerts = ReturnType<typeof releaseAlerts>;

/** A worker runs a pass every 15 minutes, and when a catalog sync has finished (sendReleaseAlerts). */
export async function workReleaseAlerts(queue: JobQueue, alerts: ReleaseAlerts): Promise<void> {
  await queue.work(RELEASE_ALERTS_JOB, async () => void (await alerts.run()));
  await queue.schedule(RELEASE_ALERTS_JOB, RELEASE_ALERTS_CRON);
}

/** Asks for a pass now (after a catalog sync); null when one is already waiting. */
export const sendReleaseAlerts = (queue: JobQueue) => queue.send(RELEASE_ALERTS_JOB, {});
