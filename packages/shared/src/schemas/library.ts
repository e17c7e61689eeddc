import { z } from 'zod';
import { JOURNAL_LIMITS, JOURNAL_MESSAGES, LIBRARY_SHELVES } from '../journal.js';
import { LIBRARY_LIMITS, LIBRARY_SORTS, STATUS_MESSAGES } from '../library.js';
import { COMPLETION_LEVELS, PAGING, PLAY_STATUS, PLAY_STATUS_DESCRIPTION } from '../limits.js';
import { hasVisibleText } from '../text-rules.js';
import { idOf, usernameParamSchema } from './common.js';

export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2024-05-31` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2024-05-31`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1950-01-01';
    }, `${label} is not a real date`)
    // A day or so ahead still counts as today somewhere on Earth.
    .refine((value) => value <= new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10), `${label} cannot be in the future`);

export const optionalDate = (label: string) => z.union([isoDate(label), z.literal('').transform(() => null), z.null()]).default(null);

export const ratingSchema = z
  .number({ error: 'Rating must be from 0.5 to 5 stars (1–10)' })
  .int('Rating must be from 0.5 to 5 stars (1–10)')
  .min(1, 'Rating must be from 0.5 to 5 stars (1–10)')
  .max(10, 'Rating must be from 0.5 to 5 stars (1–10)')
  .nullable()
  .default(null);

const hoursSchema = z
  .number({ error: `Hours played must be a number from 0 to ${LIBRARY_LIMITS.maxHours}` })
  .min(0, `Hours played must be a number from 0 to ${LIBRARY_LIMITS.maxHours}`)
  .max(LIBRARY_LIMITS.maxHours, `Hours played must be a number from 0 to ${LIBRARY_LIMITS.maxHours}`)
  .nullable()
  .default(null);

const STATUS_ERROR = 'Status must be 1 (playing), 2 (beaten), 3 (abandoned), 4 (want to play), 5 (played) or 6 (shelved)';
const statusSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)], { error: STATUS_ERROR })
  .nullable()
  .default(null)
  .describe(`${PLAY_STATUS_DESCRIPTION}; null when not set`);

/** Text people write: trimmed, and empty means none. */
export const reviewText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must have at most ${max.toLocaleString('en-US')} characters`)
    .nullable()
    .default(null)
    // Only invisible characters is nothing written: kept as none rather than a blank review.
    .transform((value) => (value && hasVisibleText(value) ? value : null));

/** PUT /api/users/{username}/library/{gameSlug}: the library form. */
export const libraryEntryInputSchema = z
  .object({
    status: statusSchema,
    rating: ratingSchema,
    platforms: z
      .array(z.string().trim().toLowerCase().regex(/^[a-z0-9-]{1,120}$/, 'Platforms must be platform slugs such as "snes"'), {
        error: 'Platforms must be a list of platform slugs',
      })
      .max(LIBRARY_LIMITS.platformsPerEntry, `Pick at most ${LIBRARY_LIMITS.platformsPerEntry} platforms`)
      .default([]),
    review: reviewText('Review', LIBRARY_LIMITS.reviewMaxLength),
    startedOn: optionalDate('Started'),
    finishedOn: optionalDate('Finished'),
    favourite: z.boolean({ error: 'Favourite must be true or false' }).default(false),
    /** The dates start a new play-through: new diary entries instead of moving the old ones. */
    replay: z.boolean({ error: 'Replay must be true or false' }).default(false),
    hours: hoursSchema,
    /** Left out: kept, so one-click logging (QuickLog) and older clients never wipe a note they do not show. */
    notes: z
      .string({ error: 'Private note must be text' })
      .trim()
      .max(LIBRARY_LIMITS.entryNotesMaxLength, `Private note must have at most ${LIBRARY_LIMITS.entryNotesMaxLength.toLocaleString('en-US')} characters`)
      .transform((value) => (value ? value : null))
      .nullable()
      .optional()
      .describe('Your private note on the game: only you see it, never other members. Empty or null clears it; left out: unchanged'),
    /** Left out: kept, like owned (clients that predate it never unmark a review). */
    spoilers: z
      .boolean({ error: 'Spoilers must be true or false' })
      .optional()
      .describe('The review contains spoilers: readers see it blurred until they reveal it. Left out: unchanged; no review: false'),
    /** Left out: kept (clients that predate it never change who reads a review). */
    reviewVisibility: z
      .enum(['public', 'followers', 'private'], { error: 'Review visibility must be public, followers or private' })
      .optional()
      .describe('Who reads the review: everyone, your approved followers, or only you. Left out: unchanged (new reviews: public)'),
    /** Left out: the entry keeps what it has (clients that predate it never clear it). */
    owned: z
      .boolean({ error: 'Owned must be true, false or null' })
      .nullable()
      .optional()
      .describe('true: you have the game (a "want to play" game is then in your backlog); false: not yet (on your wishlist); null: not said. Left out: unchanged'),
    /** Left out: kept while the entry stays Beaten (clients that predate it never clear it); any other status clears it. */
    completion: z
      .enum(COMPLETION_LEVELS, { error: STATUS_MESSAGES.completionFormat })
      .nullable()
      .optional()
      .describe('Only with status 2 (beaten): main (main story), main_extras (main + extras) or complete (100 %); null: not said. Left out: unchanged while beaten'),
  })
  .refine((entry) => !entry.startedOn || !entry.finishedOn || entry.startedOn <= entry.finishedOn, {
    message: 'Finished cannot be before Started',
    path: ['finishedOn'],
  })
  // Sent with another status it would be dropped silently: say so instead.
  .refine((entry) => entry.completion === undefined || entry.completion === null || entry.status === PLAY_STATUS.beaten, {
    message: STATUS_MESSAGES.completionNeedsBeaten,
    path: ['completion'],
  })
  .meta({
    description: 'Every field is optional; one left out is cleared (null, [] or false), so send the whole form — except `owned`, `notes` and `spoilers`, which a left-out key keeps',
    examples: [
      {
        status: 2,
        rating: 7,
        platforms: ['snes'],
        review: 'A **classic**.',
        startedOn: '2024-01-02',
        finishedOn: '2024-01-20',
        favourite: true,
        replay: false,
        hours: 12.5,
        owned: true,
        notes: 'Bought on the Virtual Console.',
        completion: 'main_extras',
      },
    ],
  });
export type LibraryEntryInput = z.infer<typeof libraryEntryInputSchema>;

/** POST /api/users/{username}/diary; PUT …/diary/{id} replaces every field but the game. */
export const diaryEntryInputSchema = z.object({
  game: z.string({ error: 'Choose a game' }).trim().min(1, 'Choose a game').max(200),
  playedOn: isoDate('Date'),
  event: z.enum(['started', 'finished', 'played'], { error: 'Event must be started, finished or played' }).default('played'),
  rating: ratingSchema,
  note: reviewText('Note', LIBRARY_LIMITS.noteMaxLength),
  replay: z.boolean({ error: 'Replay must be true or false' }).default(false),
  hours: hoursSchema,
});
export type DiaryEntryInput = z.infer<typeof diaryEntryInputSchema>;
export const diaryEntryUpdateSchema = diaryEntryInputSchema.omit({ game: true });

export const platformSlug = z.string({ error: 'Platform must be a platform slug such as "snes"' }).trim().toLowerCase().regex(/^[a-z0-9-]{1,120}$/, 'Platform must be a platform slug such as "snes"');

/** What the journal adds to a diary entry: the platform, and the time as whole minutes (or hours) of at most a day. */
const sessionFields = {
  platform: z.union([platformSlug, z.literal('').transform(() => null), z.null()]).default(null).describe('The platform played on, as a slug; null when not said'),
  minutes: z
    .number({ error: JOURNAL_MESSAGES.minutesRange })
    .int(JOURNAL_MESSAGES.minutesRange)
    .min(0, JOURNAL_MESSAGES.minutesRange)
    .max(JOURNAL_LIMITS.sessionMaxMinutes, JOURNAL_MESSAGES.minutesRange)
    .nullable()
    .optional()
    .describe('Time played in whole minutes (an alternative to `hours`; give one of them)'),
  playId: z
    .number({ error: 'Play must be the id of one of your plays of this game' })
    .int('Play must be the id of one of your plays of this game')
    .positive('Play must be the id of one of your plays of this game')
    .max(2_147_483_647, 'Play must be the id of one of your plays of this game')
    .nullable()
    .optional()
    .describe('The play (GET …/library/{slug}/plays) this session belongs to. Left out: a replay session goes to the replay under way (a new one when none is), any other to the first play'),
};

/** One session is at most a day long; its time comes as hours or as minutes. */
function sessionTime<T extends { hours: number | null; minutes?: number | null | undefined }>(session: T, ctx: z.RefinementCtx) {
  if (session.hours !== null && session.minutes !== undefined && session.minutes !== null) {
    ctx.addIssue({ code: 'custom', message: JOURNAL_MESSAGES.hoursOrMinutes, path: ['minutes'] });
  } else if (session.hours !== null && session.hours * 60 > JOURNAL_LIMITS.sessionMaxMinutes) {
    ctx.addIssue({ code: 'custom', message: JOURNAL_MESSAGES.sessionTooLong, path: ['hours'] });
  }
}

/**
 * A new session says something: time played, a note, a rating, or that the game was started or finished (issue 38:
 * a blank one logged nothing). Only logging checks it: an edit (PUT) moves a session to another day with its body.
 */
function sessionHasContent(session: { hours: number | null; minutes?: number | null | undefined; note: string | null; rating: number | null; event: string }, ctx: z.RefinementCtx) {
  const time = (session.hours ?? 0) > 0 || (session.minutes ?? 0) > 0;
  if (time || session.note !== null || session.rating !== null || session.event !== 'played') return;
  ctx.addIssue({ code: 'custom', message: STATUS_MESSAGES.emptySession, path: ['minutes'] });
}

/** The documented bodies of the diary calls: a play session (the plain schemas above also check imported rows, whose hours may be a whole play-through). */
export const diaryEntryBodySchema = diaryEntryInputSchema
  .extend(sessionFields)
  .superRefine(sessionTime)
  .superRefine(sessionHasContent)
  .meta({
    examples: [{ game: 'super-mario-world', playedOn: '2024-03-01', event: 'finished', rating: 8, note: 'All 96 exits.', replay: false, minutes: 95, platform: 'snes' }],
  });
export type DiarySessionInput = z.infer<typeof diaryEntryBodySchema>;
export const diaryEntryUpdateBodySchema = diaryEntryUpdateSchema
  .extend(sessionFields)
  .superRefine(sessionTime)
  .meta({
    examples: [{ playedOn: '2024-03-02', event: 'played', rating: null, note: null, replay: false, minutes: 90, platform: null }],
  });
export type DiarySessionUpdate = z.infer<typeof diaryEntryUpdateBodySchema>;
/** …/diary/{id}: ids beyond a PostgreSQL integer are bad input, not a database error. */
export const diaryParamSchema = usernameParamSchema.extend({ id: idOf('diary entry') });

/** The files the import reads (the server's readers are checked against this list); steam is also the Steam profile import. */
export const LIBRARY_IMPORT_FORMATS = ['vgl', 'hltb', 'grouvee', 'backloggd', 'letterboxd', 'playnite', 'steam'] as const;

/** A choice made in the preview: the game a line of the file is, or null to leave the line out. */
export const importPickSchema = z
  .object({
    line: z
      .number({ error: 'line must be a line number of the file' })
      .int('line must be a whole number')
      .min(1, 'line must be 1 or more')
      .max(2_147_483_647, 'line must be a line number of the file')
      .describe('The line of the file (the header is line 1); for a Steam library, the game’s app id'),
    game: z
      .string({ error: 'game must be a game slug or null' })
      .trim()
      .min(1, 'game must be a game slug or null')
      .max(200, 'game must be a game slug or null')
      .nullable()
      .describe('The slug of the catalog game this line is, or null to leave the line out'),
  })
  .describe('Overrides the matching of one line of the file (every row the line gives)');

/** What the member decided in the preview; the same for a file and a Steam import. */
const importChoices = {
  picks: z
    .array(importPickSchema, { error: 'picks must be a list of { line, game }' })
    .max(LIBRARY_LIMITS.importMaxPicks, `At most ${LIBRARY_LIMITS.importMaxPicks.toLocaleString('en-US')} picks`)
    .default([])
    .describe('Games picked in the preview for rows not found or flagged, and lines left out'),
  skipInvalid: z
    .boolean({ error: 'skipInvalid must be true or false' })
    .default(false)
    .describe('true: import the rows that can be read and skip those with problems (listed in the answer); false: any problem refuses the whole file'),
};

/** POST …/library/import and …/import/preview: the file's text in JSON, and which export it is. */
export const libraryImportBodySchema = z
  .object({
    csv: z
      .string({ error: 'Choose a CSV file to import' })
      .describe('The whole file as text: CSV, or JSON for Grouvee’s and Steam’s JSON (decoded from its encoding; a BOM and CRLF are fine)'),
    format: z
      .enum(['auto', ...LIBRARY_IMPORT_FORMATS], { error: `format must be auto, ${LIBRARY_IMPORT_FORMATS.join(', ')}` })
      .default('auto')
      .describe('Which export the file is; auto tells by its header columns'),
    ...importChoices,
  })
  .meta({ examples: [{ csv: 'record_type,title,year,status,rating_stars\nlibrary,Super Mario World,1990,Beaten,4.5\n', format: 'auto' }] });
export type LibraryImportBody = z.infer<typeof libraryImportBodySchema>;

/** POST …/library/import/steam and …/import/steam/preview: a Steam profile (SteamID64, vanity name or profile URL). */
export const steamImportBodySchema = z.object({
  profile: z
    .string({ error: 'Enter your Steam profile: its address, custom name or SteamID64' })
    .trim()
    .min(1, 'Enter your Steam profile: its address, custom name or SteamID64')
    .max(200, 'A Steam profile address has at most 200 characters')
    .describe('https://steamcommunity.com/id/{name}, https://steamcommunity.com/profiles/{SteamID64}, the custom name alone, or the 17-digit SteamID64'),
  ...importChoices,
});
export type SteamImportBody = z.infer<typeof steamImportBodySchema>;
export type DiaryEntryUpdate = z.infer<typeof diaryEntryUpdateSchema>;

const page = z.coerce
  .number({ error: 'page must be a whole number of 1 or more' })
  .int('page must be a whole number of 1 or more')
  .min(1, 'page must be a whole number of 1 or more')
  .max(10_000, 'page must be at most 10000')
  .default(1);
const limitUpTo = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${max}` })
    .int(`limit must be a whole number from 1 to ${max}`)
    .min(1, `limit must be a whole number from 1 to ${max}`)
    .max(max, `limit must be a whole number from 1 to ${max}`)
    .default(fallback);

export const libraryQuerySchema = z.object({
  page,
  limit: limitUpTo(60, PAGING.gamesPerPage),
  status: z
    .string()
    .trim()
    .default('any')
    .transform((v) => (v === 'any' || v === '' ? undefined : Number(v)))
    .pipe(
      z.union([z.undefined(), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)], {
        error: 'status must be any, 1, 2, 3, 4, 5 or 6',
      }),
    )
    .describe(`any, or one code: ${PLAY_STATUS_DESCRIPTION}`),
  sort: z
    .string()
    .trim()
    .default('updated')
    .pipe(z.enum(LIBRARY_SORTS, { error: `sort must be one of ${LIBRARY_SORTS.join(', ')}` })),
  shelf: z
    .enum(LIBRARY_SHELVES, { error: `shelf must be ${LIBRARY_SHELVES.join(' or ')}` })
    .optional()
    .describe('backlog: "want to play" games you have (or did not say); wishlist: the ones you do not have yet'),
});
export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

export const reviewsQuerySchema = z.object({ page, limit: limitUpTo(50, LIBRARY_LIMITS.reviewsPerPage) });
export const diaryQuerySchema = z.object({
  page,
  limit: limitUpTo(100, LIBRARY_LIMITS.diaryPerPage),
  year: z.coerce
    .number({ error: 'year must be a year such as 2024' })
    .int('year must be a year such as 2024')
    .min(1950, 'year must be from 1950 to 2100')
    .max(2100, 'year must be from 1950 to 2100')
    .optional()
    .describe('Only plays of this year'),
  platform: platformSlug.optional().describe('Only plays on this platform (a slug)'),
});
export type DiaryQuery = z.infer<typeof diaryQuerySchema>;

/** A comment on a review: the same text rules as reviews when shown (SPEC §5). */
export const commentInputSchema = z.object({
  body: z
    .string({ error: 'Write something first.' })
    .trim()
    .min(1, 'Write something first.')
    // Zero-width spaces and the like show as a blank comment: the same as writing nothing.
    .refine(hasVisibleText, 'Write something first.')
    .max(2_000, 'A comment must have at most 2,000 characters'),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

export const usersPageQuerySchema = z.object({ page, limit: limitUpTo(60, 30) });
export const feedQuerySchema = z.object({
  before: z.coerce.number({ error: 'before must be an activity id' }).int('before must be an activity id').positive('before must be an activity id').optional(),
  limit: limitUpTo(50, 20),
});
export const notificationsQuerySchema = z.object({ page, limit: limitUpTo(50, 20) });

/** The review text rule (trimmed; empty is none; at most `max` characters), for other things people write: list descriptions and notes. */
export const writtenTextSchema = reviewText;
