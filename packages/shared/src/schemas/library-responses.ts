import { COMPLETION_LEVELS, PLAY_STATUS_DESCRIPTION } from '../limits.js';
import { z } from 'zod';
import type { DiaryFilters } from '../journal.js';
import type { DiaryEntry, EntryGame, LibraryEntry, LibraryGame, ProfileOverview, ReviewEntry } from '../library.js';
import { communityRatingSchema } from './catalog.js';
import { named, userRefSchema } from './common.js';
import { LIBRARY_IMPORT_FORMATS } from './library.js';

/**
 * Response schemas of libraries, reviews, diaries and the CSV import; each
 * is checked against the type the web app reads (SPEC §3 fixes the review
 * shape: `_id`, `platform`, `date.reviewCreated`).
 */

const playStatus = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)])
  .nullable()
  .describe(`${PLAY_STATUS_DESCRIPTION}; null when not set`);
const rating = z.number().int().min(1).max(10).nullable().describe('1–10, i.e. half stars (7 = 3.5 stars); null when not rated');
const hours = z.number().nullable().describe('Hours played, one decimal; null when not logged');
const isoDay = (what: string) => z.string().describe(`${what}, YYYY-MM-DD`);
const owned = z
  .boolean()
  .nullable()
  .describe('Whether the member has the game: true yes, false not yet, null not said. A "want to play" game (status 4) is on the wishlist when false, else in the backlog');

export const entryGameSchema = named(
  'EntryGame',
  z.object({
    cover: z.string().nullable().describe('IGDB cover image id, or null'),
    name: z.string(),
    slug: z.string(),
    first_release_date: z.number().nullable().describe('Unix seconds'),
    release_year: z.number().int().nullable(),
  }),
  'The game as a review, library entry or diary entry carries it',
) satisfies z.ZodType<EntryGame>;

const reviewShape = {
  _id: z.string().describe('The library entry id: the entityId for POST /api/like'),
  user: userRefSchema,
  rating,
  review: z.string().nullable().describe('Markdown-like text as written (SPEC §5 rules when shown); null without a review'),
  slug: z.string().nullable().describe('The review’s own slug: /u/{username}/reviews/{slug}; null without a review'),
  spoilers: z.boolean().describe('The author marked the review as containing spoilers: show it hidden until the reader asks (false without a review)'),
  hiddenByModerator: z.boolean().optional().describe('Hidden by a moderator after a report: only its author (and moderators) get it, with this set'),
  status: playStatus,
  platform: z.array(z.string()).describe('Platform slugs'),
  comments: z.number().int().describe('How many comments the review has'),
  likes: z.number().int().describe('How many likes the review has'),
  game: entryGameSchema,
  date: z.object({
    reviewCreated: z.number().nullable().describe('Unix ms when the review was first written; null without a review'),
    reviewUpdated: z.number().nullable().describe('Unix ms of the last edit of the review; null without a review'),
    created: z.number().describe('Unix ms when the game joined the library'),
    updated: z.number().describe('Unix ms of the last change to the entry'),
  }),
};

export const reviewEntrySchema = named('Review', z.object(reviewShape), 'A review or library entry in the exact SPEC §3 shape') satisfies z.ZodType<ReviewEntry>;

export const libraryEntrySchema = named(
  'LibraryEntry',
  z.object({
    ...reviewShape,
    reviewVisibility: z.enum(['public', 'followers', 'private']).optional().describe('Who reads the review: everyone, the author’s approved followers, or only the author'),
    plays: z.number().int().optional().describe('How many plays of the game the member logged (GET …/library/{slug}/plays)'),
    startedOn: isoDay('Day the play started').nullable(),
    finishedOn: isoDay('Day the play finished').nullable(),
    favourite: z.boolean().describe('One of the (at most 5) favourites on the profile'),
    hours: hours.describe('Hours of the play that ended on finishedOn (kept on its diary entry); null when not logged'),
    owned,
    completion: z
      .enum(COMPLETION_LEVELS)
      .nullable()
      .describe('How much of a beaten game was done: main story, main + extras, complete (100 %); null when not said or not beaten'),
    sessions: z.number().int().describe('Diary entries of this game: logged sessions and the dated plays of the form'),
    totalHours: hours.describe('The hours of all diary entries of this game together (the entry’s time played); null when none has hours'),
    // Private: the presenter nulls them unless the owner asks, since this answer is public.
    notes: z.string().nullable().describe('Private: the owner’s note on the game (their own or brought by an import). Only the owner gets it; null for anyone else'),
    playtimeMinutes: z
      .number()
      .int()
      .nullable()
      .describe('Private: time played as another service counts it (an import from Steam, Playnite or HowLongToBeat), whole minutes. Only the owner gets it; null for anyone else'),
    playtimeSource: z
      .string()
      .nullable()
      .describe('Private: which service counted playtimeMinutes — steam, playnite, hltb, …. Only the owner gets it; null for anyone else'),
  }),
  'The owner’s full entry, as the library form edits it; another member or a visitor gets it without the private fields',
) satisfies z.ZodType<LibraryEntry>;

export const libraryGameSchema = named(
  'LibraryGame',
  entryGameSchema.extend({
    id: z.number().int().describe('The game id'),
    rating,
    status: playStatus,
    platform: z.string().nullable().describe('The first platform slug of the entry, or null'),
    owned,
  }),
  'A game in a member’s library grid',
) satisfies z.ZodType<LibraryGame>;

export const diaryEntrySchema = named(
  'DiaryEntry',
  z.object({
    id: z.number().int().describe('The diary entry id: /api/users/{username}/diary/{id}'),
    playedOn: isoDay('Day played'),
    event: z.enum(['started', 'finished', 'played']),
    rating,
    note: z.string().nullable(),
    replay: z.boolean().describe('Part of a later play-through, not the first'),
    hours,
    minutes: z.number().int().nullable().describe('The time played in whole minutes (hours is rounded to one decimal); null when not logged'),
    platform: z.object({ slug: z.string(), name: z.string() }).nullable().describe('The platform played on; null when not said'),
    game: entryGameSchema,
    reviewSlug: z.string().nullable().describe('The library entry’s review slug, when it has a review'),
    playId: z.number().int().nullable().optional().describe('The replay this session belongs to; null for the game’s first play'),
    playNumber: z.number().int().optional().describe('Its play’s number: 1 the first play, 2 the first replay, …'),
  }),
) satisfies z.ZodType<DiaryEntry>;

export const profileOverviewSchema = named(
  'ProfileOverview',
  z.object({
    username: z.string(),
    avatar: z.string().nullable().describe('Path of the picture, or null for the default'),
    bio: z.string().nullable(),
    joinedAt: z.number().describe('Unix ms'),
    counts: z.object({
      games: z.number().int(),
      beaten: z.number().int(),
      backlog: z.number().int().describe('"Want to play" games the member has (or did not say)'),
      wishlist: z.number().int().describe('"Want to play" games the member does not have yet'),
      reviews: z.number().int(),
      followers: z.number().int(),
      following: z.number().int(),
    }),
    isFollowing: z.boolean().nullable().describe('Whether the caller follows this member; null for visitors and on one’s own profile'),
    favourites: z.array(entryGameSchema),
    ratings: communityRatingSchema,
    recentDiary: z.array(diaryEntrySchema).describe('The 5 latest diary entries'),
    recentReviews: z.array(reviewEntrySchema).describe('The 3 latest reviews'),
    isPrivate: z.boolean().optional().describe('True when the member is private and you are not an approved follower: favourites, diary and reviews are empty'),
    followRequested: z.boolean().nullable().optional().describe('Whether you asked to follow this private member and wait for an answer'),
    viewerBlocks: z.boolean().nullable().optional().describe('Whether you block this member; null for visitors and on your own profile'),
    viewerMutes: z.boolean().nullable().optional().describe('Whether you mute this member; null for visitors and on your own profile'),
  }),
  'A member’s profile page in one call',
) satisfies z.ZodType<ProfileOverview>;

/** CSV import: what the server reads from a file (the server's ImportPreview/ImportResult are checked against these on the routes). */
const importFormat = z
  .enum(LIBRARY_IMPORT_FORMATS)
  .describe(
    'vgl (VGL export), hltb (HowLongToBeat), grouvee (Grouvee CSV or JSON), backloggd (Backloggd community exports), letterboxd (Letterboxd-style diary/reviews CSV), playnite (Playnite CSV), steam (a Steam profile or its GetOwnedGames JSON)',
  );
const gameRefSchema = z.object({ slug: z.string(), name: z.string(), year: z.number().int().nullable() });

export const lineErrorSchema = named(
  'LineError',
  z.object({ line: z.number().int().describe('Line of the file the record starts on (the header is line 1)'), message: z.string() }),
  'A problem with one line of the file, or what of it was imported only in part',
);
export type LineErrorBody = z.infer<typeof lineErrorSchema>;

export const importPreviewRowSchema = named(
  'ImportPreviewRow',
  z.object({
    line: z.number().int(),
    kind: z.enum(['library', 'diary']),
    title: z.string(),
    year: z.number().int().nullable(),
    platforms: z.array(z.string()).describe('Platform slugs the import will save (names it does not know are left out)'),
    status: playStatus,
    rating,
    playedOn: isoDay('Diary rows: day played').nullable(),
    event: z.string().nullable().describe('Diary rows: started, finished or played'),
    match: gameRefSchema.nullable().describe('The catalog game the row matched and will be imported as, or null'),
    flag: z
      .string()
      .nullable()
      .describe(
        'Why the row needs a look before it is imported (a year far from the catalog game’s, several games of that title, a title found only loosely or only as another name of a game with another number); a flagged row is left out unless a game is picked for it',
      ),
    suggestion: gameRefSchema.nullable().describe('Flagged rows: the catalog game it nearly matched'),
    ratingNote: z.string().nullable().describe('The rating as the file gives it when VGL’s half stars had to round it, e.g. "85/100, rounded to 4.5 stars"'),
    hours: z.number().nullable().describe('Time played the row brings (Steam’s or Playnite’s playtime, a play-through’s time)'),
  }),
);

export const importPreviewSchema = named(
  'ImportPreview',
  z.object({
    format: importFormat,
    total: z.number().int().describe('Rows read (a HowLongToBeat or Grouvee line can give several)'),
    matched: z.number().int(),
    unmatched: z.number().int(),
    flagged: z.number().int().describe('Rows matched only with doubt (see `flag`): left out unless a game is picked'),
    rows: z
      .array(importPreviewRowSchema)
      .describe('The first 500 rows, then the rows that need a look (not found or flagged), up to 2,000 in all; the counts cover all of them'),
    errors: z
      .array(lineErrorSchema)
      .describe('Rows that cannot be imported (at most 500); the import refuses the file unless `skipInvalid` is set, then it skips them'),
    errorCount: z.number().int().describe('Rows that cannot be imported, all of them'),
    notices: z
      .array(z.string())
      .describe('What is worth knowing about the file as a whole, e.g. characters that were not readable text, or a tracker’s status imported with another meaning (Backloggd’s “Played” as played, not Beaten)'),
    lists: z.number().int().optional().describe('Lists in the file (VGL `list` rows); left out when it has none'),
  }),
  'What an import of the file would do; nothing is written',
);
export type ImportPreviewBody = z.infer<typeof importPreviewSchema>;

export const importResultSchema = named(
  'ImportResult',
  z.object({
    format: importFormat,
    entries: z.number().int().describe('Library entries added or changed'),
    diary: z.number().int().describe('Diary entries added'),
    unmatched: z.number().int().describe('Rows left out: not in the catalog, flagged and not picked, or left out by the member'),
    invalid: z.number().int().describe('Rows skipped for a problem (with `skipInvalid`)'),
    notImported: z.array(lineErrorSchema).describe('Each line left out and why (at most 500)'),
    skipped: z.number().int().describe('Diary rows already in the diary (same game, date, event, replay, time and platform)'),
    warnings: z.array(lineErrorSchema).describe('What was imported only in part, e.g. a favourite past the limit'),
    lists: z.number().int().optional().describe('Lists made or changed (VGL `list` rows, matched by their slug); left out when the file has no list rows'),
  }),
  'What the import wrote',
);
export type ImportResultBody = z.infer<typeof importResultSchema>;

export const diaryFiltersSchema = named(
  'DiaryFilters',
  z.object({
    years: z.array(z.object({ year: z.number().int(), count: z.number().int() })).describe('Years with diary entries, newest first'),
    platforms: z
      .array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() }))
      .describe('Platforms diary entries were played on, most logged first'),
  }),
  'What the diary’s year and platform filters offer',
) satisfies z.ZodType<DiaryFilters>;
