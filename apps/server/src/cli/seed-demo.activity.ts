import { PLAY_STATUS } from '@vgl/shared';
import { commentInputSchema, diaryEntryBodySchema, libraryEntryInputSchema } from '@vgl/shared/schemas';
import type { Db } from '../db/database.js';
import { createActivityService } from '../modules/activity/activity.service.js';
import { createCommentsService } from '../modules/comments/comments.service.js';
import { createFollowsService } from '../modules/follows/follows.service.js';
import { createLibraryService } from '../modules/library/library.service.js';
import { createLikesService } from '../modules/likes/likes.service.js';
import { createNotificationsService } from '../modules/notifications/notifications.service.js';
import type { UserRow } from '../modules/users/users.repo.js';
import { DAY, HOUR, MINUTE, type PlannedEntry, type Random } from './seed-demo.plan.js';
import { commentText, diaryNote } from './seed-demo.text.js';

/** Reviews the demo features, as moderators would from the dashboard. */
const FEATURED = 3;

/** One thing a demo person does, at a moment of the last weeks. */
interface DemoEvent {
  at: number;
  run: () => Promise<void>;
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

export interface DemoReplay {
  people: UserRow[];
  plan: PlannedEntry[];
  random: Random;
  start: number;
  end: number;
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/**
 * Plays the plan through the same services as the API, on a clock that walks
 * through the demo weeks, so activities, notifications, counts and the diary
 * are exactly what real use would leave behind.
 */
export async function replayDemoActivity(db: Db, { people, plan, random, start, end, onProgress }: DemoReplay): Promise<void> {
  const k = db.kysely;
  let clock = start;
  const at = () => clock;
  const activity = createActivityService(db, at);
  const notifications = createNotificationsService(db, { now: at, emails: false });
  const library = createLibraryService(db, activity, at);
  const social = { library, activity, notifications };
  const likes = createLikesService(db, social, at);
  const comments = createCommentsService(db, social, at);
  const follows = createFollowsService(db, social, at);

  const events: DemoEvent[] = [];
  const reviewOf = new Map<PlannedEntry, { id: string; slug: string }>();

  for (const person of people) {
    const others = random.shuffle(people.filter((p) => p.id !== person.id));
    for (const followee of others.slice(0, random.int(3, 6))) {
      events.push({ at: random.between(start, start + 14 * DAY), run: async () => void (await follows.follow(person, followee.username)) });
    }
  }

  for (const entry of plan) {
    const person = people[entry.person]!;
    const save = (input: Record<string, unknown>) => library.saveEntry(person, person.username, entry.game.slug, libraryEntryInputSchema.parse(input));
    const base = { platforms: entry.game.platforms.slice(0, 1) };
    const startedOn = entry.kind === 'wishlist' ? null : isoDay(entry.addedAt);
    events.push({ at: entry.addedAt, run: async () => void (await save({ ...base, status: entry.kind === 'wishlist' ? PLAY_STATUS.wantToPlay : PLAY_STATUS.playing, startedOn, ...(entry.kind === 'wishlist' ? { owned: false } : {}) })) });
    if (entry.playedAt !== null) {
      const note = diaryNote(entry.game.facts, random.pick);
      const hours = random.int(1, 3);
      events.push({
        at: entry.playedAt,
        run: async () => void (await library.addDiary(person, person.username, diaryEntryBodySchema.parse({ game: entry.game.slug, playedOn: isoDay(entry.playedAt!), event: 'played', note, hours }))),
      });
    }
    if (entry.doneAt === null) continue;
    const beaten = entry.kind === 'beaten';
    const finished = {
      ...base,
      status: beaten ? PLAY_STATUS.beaten : PLAY_STATUS.abandoned,
      rating: entry.rating,
      review: entry.review,
      startedOn,
      finishedOn: beaten ? isoDay(entry.doneAt) : null,
      hours: beaten ? random.int(4, 60) : random.int(1, 6),
      favourite: entry.favourite,
    };
    events.push({
      at: entry.doneAt,
      run: async () => {
        const { entry: saved } = await save(finished);
        if (entry.review) reviewOf.set(entry, { id: saved._id, slug: saved.slug! });
      },
    });
    if (entry.replayAt !== null) {
      const replayHours = random.int(3, 30);
      events.push({
        at: entry.replayAt,
        run: async () =>
          void (await save({ ...finished, replay: true, startedOn: isoDay(entry.replayAt! - 2 * DAY), finishedOn: isoDay(entry.replayAt!), hours: replayHours })),
      });
    }
    if (!entry.review) continue;

    // Reactions come in the hours and days after the review.
    const window = Math.min(5 * DAY, end - entry.doneAt);
    const readers = random.shuffle(people.filter((p) => p.id !== person.id));
    for (const reader of readers.slice(0, entry.long ? random.int(3, 8) : random.int(0, 5))) {
      events.push({ at: entry.doneAt + random.between(20 * MINUTE, window), run: async () => void (await likes.like(reader, reviewOf.get(entry)!.id, true)) });
    }
    if (!random.chance(entry.long ? 0.9 : 0.5)) continue;
    for (const commenter of random.shuffle(readers).slice(0, random.int(1, 3))) {
      const body = commentText(entry.game.facts, random.pick);
      const commentedAt = entry.doneAt + random.between(30 * MINUTE, window - HOUR);
      let commentId = 0;
      events.push({
        at: commentedAt,
        run: async () => {
          const review = reviewOf.get(entry)!;
          commentId = (await comments.create(commenter, { kind: 'review', username: person.username, slug: review.slug }, commentInputSchema.parse({ body }))).id;
        },
      });
      if (random.chance(0.4)) {
        const liker = random.pick([person, ...readers.filter((r) => r.id !== commenter.id)]);
        events.push({ at: commentedAt + random.between(10 * MINUTE, HOUR), run: async () => void (await likes.like(liker, `c${commentId}`, true)) });
      }
    }
  }

  // In time order: what happened first gets the smaller ids, as it would have live.
  events.sort((a, b) => a.at - b.at);
  for (const [i, event] of events.entries()) {
    clock = event.at;
    await event.run();
    onProgress?.(i + 1, events.length);
  }

  // Moderators feature reviews from the dashboard; the demo features its most liked long ones.
  const longIds = plan.filter((e) => e.long && reviewOf.has(e)).map((e) => Number(reviewOf.get(e)!.id));
  const top = await k.selectFrom('library_entries').select('id').where('id', 'in', longIds).orderBy('likes_count', 'desc').orderBy('id').limit(FEATURED).execute();
  for (const [position, row] of top.entries()) {
    await k.updateTable('library_entries').set({ featured_position: position + 1 }).where('id', '=', row.id).execute();
  }
}
