import { z } from 'zod';
import { hasVisibleText, plainLine } from '../text-rules.js';
import { LIST_LIMITS, LIST_MESSAGES, LIST_VISIBILITIES, type ListDetail, type ListItem, type ListSummary } from '../lists.js';
import { DB_INT_MAX, idOf, named, userRefSchema, usernameParamSchema } from './common.js';
import { writtenTextSchema } from './library.js';
import { entryGameSchema } from './library-responses.js';

/* ---- Inputs ---- */

/** POST /api/users/{username}/lists and PUT …/lists/{slug}: the whole form (the slug stays what it was made with). */
export const listInputSchema = z
  .object({
    // Kept as one plain line: it becomes the page title and link previews, where a bidi override would turn the rest around.
    title: z
      .string({ error: LIST_MESSAGES.titleRequired })
      .transform(plainLine)
      .pipe(
        z
          .string()
          .min(1, LIST_MESSAGES.titleRequired)
          .refine(hasVisibleText, LIST_MESSAGES.titleRequired)
          .max(LIST_LIMITS.titleMaxLength, LIST_MESSAGES.titleTooLong),
      )
      .describe('One line; invisible and bidi control characters are removed'),
    description: writtenTextSchema('Description', LIST_LIMITS.descriptionMaxLength).describe('Shown with the review text rules (SPEC §5)'),
    ranked: z.boolean({ error: 'Ranked must be true or false' }).default(false).describe('Show the games numbered, in order'),
    isPublic: z.boolean({ error: 'Public must be true or false' }).default(true).describe('Private lists are seen by their owner only'),
    visibility: z
      .enum(LIST_VISIBILITIES, { error: 'Visibility must be public, followers or private' })
      .optional()
      .describe('Who sees the list: everyone, your followers, or only you. When given it wins over `isPublic`'),
  })
  .meta({ examples: [{ title: 'Best of the SNES', description: 'The **classics**, in order.', ranked: true, isPublic: true }] });
export type ListInput = z.infer<typeof listInputSchema>;

const gameSlug = z.string({ error: 'Choose a game' }).trim().min(1, 'Choose a game').max(200, 'There is no such game').describe('The game’s slug');
const note = writtenTextSchema('Note', LIST_LIMITS.noteMaxLength).describe('Why it is here; shown with the review text rules');

/** POST …/lists/{slug}/games */
export const listGameInputSchema = z
  .object({ game: gameSlug, note })
  .meta({ examples: [{ game: 'super-mario-world', note: 'The best launch game ever made.' }] });
export type ListGameInput = z.infer<typeof listGameInputSchema>;

/** PUT …/lists/{slug}/games/{gameId} */
export const listNoteInputSchema = z.object({ note }).meta({ examples: [{ note: 'Still holds up.' }, { note: null }] });

const orderMessage = `games must list the game ids of the list in their new order (at most ${LIST_LIMITS.gamesPerList})`;
/** PUT …/lists/{slug}/order */
export const listOrderInputSchema = z
  .object({
    games: z
      .array(idOf('game'), { error: orderMessage })
      .max(LIST_LIMITS.gamesPerList, orderMessage)
      .describe('Every game id of the list, once each, in the new order'),
  })
  .meta({ examples: [{ games: [12, 7, 31] }] });

/* ---- Paths and queries ---- */

export const listParamSchema = usernameParamSchema.extend({
  slug: z.string().min(1).max(200).describe('The list’s slug, unique per member'),
});
export const listGameParamSchema = listParamSchema.extend({ gameId: idOf('game') });

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

/** GET /api/users/{username}/lists: up to every list of a member in one page (the "Add to list" menu). */
export const userListsQuerySchema = z.object({
  page,
  limit: limitUpTo(LIST_LIMITS.listsPerMember, LIST_LIMITS.listsPerPage),
  game: z.string().trim().min(1).max(200).optional().describe('A game slug: each list then says whether it holds that game (`hasGame`)'),
});

/** GET /api/lists */
export const publicListsQuerySchema = z.object({
  sort: z.enum(['popular', 'recent'], { error: 'sort must be popular or recent' }).default('popular').describe('popular: most liked first; recent: newest first'),
  page,
  limit: limitUpTo(50, LIST_LIMITS.listsPerPage),
});

/** GET /api/igdb/games/{slug}/lists */
export const gameListsQuerySchema = z.object({ page, limit: limitUpTo(50, LIST_LIMITS.gamePageLists) });

/* ---- Answers ---- */

const unixMs = (what: string) => z.number().describe(`${what}, unix ms`);

const summaryShape = {
  _id: z.string().describe('"l" + id: the entityId for POST /api/like'),
  id: z.number().int(),
  slug: z.string().describe('/u/{username}/lists/{slug}'),
  title: z.string(),
  excerpt: z.string().nullable().describe('The start of the description (about 200 characters, cut at a word)'),
  ranked: z.boolean(),
  isPublic: z.boolean(),
  hiddenByModerator: z.boolean().optional().describe('Hidden by a moderator after a report: only its owner gets it, with this set'),
  visibility: z.enum(LIST_VISIBILITIES).optional().describe('public: everyone; followers: the owner’s approved followers too; private: the owner only'),
  user: userRefSchema,
  games: z.number().int().min(0),
  likes: z.number().int().min(0),
  comments: z.number().int().min(0),
  preview: z
    .array(z.object({ name: z.string(), slug: z.string(), cover: z.string().nullable().describe('IGDB cover image id') }))
    .describe(`The first ${LIST_LIMITS.previewGames} games, in list order`),
  createdAt: unixMs('Made'),
  updatedAt: unixMs('Last changed'),
};

export const listSummarySchema = named(
  'ListSummary',
  z.object({
    ...summaryShape,
    hasGame: z.boolean().nullable().describe('Whether the list holds the game of `?game=`; null when none was asked about'),
  }),
  'A member’s list as cards show it',
) satisfies z.ZodType<ListSummary>;

export const listItemSchema = named(
  'ListItem',
  z.object({
    rank: z.number().int().min(1).describe('1-based place in the list'),
    note: z.string().nullable(),
    addedAt: unixMs('Added'),
    game: entryGameSchema.extend({ id: z.number().int().max(DB_INT_MAX) }),
  }),
  'A game in a list',
) satisfies z.ZodType<ListItem>;

export const listDetailSchema = named(
  'ListDetail',
  z.object({
    ...summaryShape,
    description: z.string().nullable().describe('As written; shown with the review text rules (SPEC §5)'),
    items: z.array(listItemSchema).describe('Every game, in list order'),
    viewerCan: z.object({ edit: z.boolean(), delete: z.boolean() }).describe('What the caller may do with it (false for visitors)'),
  }),
  'A list with its games',
) satisfies z.ZodType<ListDetail>;
