import {
  diaryEntryBodySchema,
  diaryEntrySchema,
  diaryEntryUpdateBodySchema,
  diaryFiltersSchema,
  diaryParamSchema,
  diaryQuerySchema,
  libraryEntryInputSchema,
  libraryEntrySchema,
  libraryGameSchema,
  libraryQuerySchema,
  listQuerySchema,
  noContentSchema,
  profileOverviewSchema,
  reviewEntrySchema,
  reviewsQuerySchema,
  slugParamSchema,
  userSlugParamSchema,
  usernameParamSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedList } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { actorOf } from '../auth/auth.guard.js';
import type { LibraryService } from './library.service.js';

const reviewsList = z.array(reviewEntrySchema);
const OPTIONAL_TOKEN = 'With the owner’s token the answer also covers what only they see.';

/**
 * Libraries, reviews and diaries live under their owner: /api/users/{username}/….
 * Anyone reads; only the owner writes (library.policy). SPEC §7's review
 * lists for the front page are /api/library/reviews/{trending,feat}.
 */
export const libraryRoutes =
  (library: LibraryService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['library'];

    app.get(
      '/api/library/reviews/trending',
      {
        // Optional: signed in, reviews of members blocked either way are left out, so the answer is not shared (response-cache sharedAnswer).
        config: { access: 'optional', cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'listTrendingReviews',
          summary: 'Trending reviews',
          description:
            'The most liked and commented reviews of the last 14 days, topped up with the newest reviews. `page` is ignored. Signed in, reviews by members blocked either way are left out.',
          tags,
          querystring: listQuerySchema,
          response: { 200: reviewsList },
        },
      },
      async (req) => library.trendingReviews(req.query.limit, req.actor),
    );

    app.get(
      '/api/library/reviews/feat',
      {
        config: { access: 'optional', cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'listFeaturedReviews',
          summary: 'Reviews featured by moderators',
          description: '`page` is ignored. Signed in, reviews by members blocked either way are left out.',
          tags,
          querystring: listQuerySchema,
          response: { 200: reviewsList },
        },
      },
      async (req) => library.featuredReviews(req.query.limit, req.actor),
    );

    app.get(
      '/api/igdb/games/:slug/reviews',
      {
        config: { access: 'optional', cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'listGameReviews',
          summary: 'Reviews of a game, newest first',
          description: 'Signed in, reviews by members blocked either way are left out (and from the total).',
          tags,
          params: slugParamSchema,
          querystring: reviewsQuerySchema,
          response: { 200: pagedList(reviewEntrySchema) },
        },
      },
      async (req, reply) => sendPage(reply, await library.gameReviews(req.params.slug, req.query.page, req.query.limit, req.actor)),
    );

    app.get(
      '/api/users/:username',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'getProfileOverview',
          summary: 'A member’s profile: counts, favourites, ratings, latest diary and reviews',
          description: 'With a token, `isFollowing` says whether the caller follows this member.',
          tags,
          params: usernameParamSchema,
          response: { 200: profileOverviewSchema },
        },
      },
      async (req) => library.profile(req.actor, req.params.username),
    );

    app.get(
      '/api/users/:username/library',
      {
        // Who may read a library depends on the reader (a private member's followers, blocks); the page does not. A visitor's
        // answer is kept for visitors (response-cache); a signed-in reader's, once the audience check let them through, for such readers.
        config: { access: 'optional', cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'listLibrary',
          summary: 'A member’s library',
          description: OPTIONAL_TOKEN,
          tags,
          params: usernameParamSchema,
          querystring: libraryQuerySchema,
          response: { 200: pagedList(libraryGameSchema) },
        },
      },
      async (req, reply) => {
        const owner = await library.libraryOwner(req.actor, req.params.username);
        if (reply.sendKeptForReaders('library readers')) return reply;
        return sendPage(reply, await library.library(owner, req.query));
      },
    );

    app.get(
      '/api/users/:username/library/:slug',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'getLibraryEntry',
          summary: 'A member’s entry for a game',
          description: 'With the owner’s token the answer also has what only they see: the private note (`notes`) and the playtime an import brought (`playtimeMinutes`, `playtimeSource`); for anyone else they are null.',
          tags,
          params: userSlugParamSchema,
          response: { 200: libraryEntrySchema },
        },
      },
      async (req) => library.entry(req.actor, req.params.username, req.params.slug),
    );

    app.put(
      '/api/users/:username/library/:slug',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'saveLibraryEntry',
          summary: 'Add a game to your library or edit its entry',
          description:
            'Answers 201 with the entry when the game is added, 200 when its entry is edited. Replaces the whole entry (status, rating, ' +
            'platforms, review, dates, favourite, hours); `owned` and the private `notes` stay as they are when left out. ' +
            'The dates write diary entries; `replay: true` logs them as a new play-through. ' +
            'At most 5 favourites.',
          tags,
          params: userSlugParamSchema,
          body: libraryEntryInputSchema,
          response: { 200: libraryEntrySchema, 201: libraryEntrySchema },
        },
      },
      async (req, reply) => {
        const { entry, created } = await library.saveEntry(actorOf(req), req.params.username, req.params.slug, req.body);
        return reply.code(created ? 201 : 200).send(entry);
      },
    );

    app.delete(
      '/api/users/:username/library/:slug',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'deleteLibraryEntry',
          summary: 'Remove a game from your library, with its review and diary entries',
          tags,
          params: userSlugParamSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await library.removeEntry(actorOf(req), req.params.username, req.params.slug);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/users/:username/reviews',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'listUserReviews',
          summary: 'A member’s reviews, newest first',
          description: OPTIONAL_TOKEN,
          tags,
          params: usernameParamSchema,
          querystring: reviewsQuerySchema,
          response: { 200: pagedList(reviewEntrySchema) },
        },
      },
      async (req, reply) => sendPage(reply, await library.reviews(req.actor, req.params.username, req.query.page, req.query.limit)),
    );

    app.get(
      '/api/users/:username/reviews/:slug',
      {
        config: { access: 'optional', cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'getReview',
          summary: 'A review by its slug',
          description: OPTIONAL_TOKEN,
          tags,
          params: userSlugParamSchema,
          response: { 200: reviewEntrySchema },
        },
      },
      async (req) => library.review(req.actor, req.params.username, req.params.slug),
    );

    app.get(
      '/api/users/:username/diary',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'listDiary',
          summary: 'A member’s diary, latest play first',
          description: `${OPTIONAL_TOKEN} \`year\` and \`platform\` narrow it to the plays of a year or on a platform (an unknown platform matches nothing).`,
          tags,
          params: usernameParamSchema,
          querystring: diaryQuerySchema,
          response: { 200: pagedList(diaryEntrySchema) },
        },
      },
      async (req, reply) => sendPage(reply, await library.diary(req.actor, req.params.username, req.query)),
    );

    app.get(
      '/api/users/:username/diary/filters',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'getDiaryFilters',
          summary: 'The years and platforms of a member’s diary',
          description: 'What the diary page offers as filters, with how many entries each holds.',
          tags,
          params: usernameParamSchema,
          response: { 200: diaryFiltersSchema },
        },
      },
      async (req) => library.diaryFilters(req.actor, req.params.username),
    );

    app.post(
      '/api/users/:username/diary',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'createDiaryEntry',
          summary: 'Log a play session in your diary',
          description:
            'Any past day (not in the future), with the time as `minutes` or `hours` (at most 24 hours), the platform, a note and the ' +
            'finished (`event: "finished"`) and replay flags. A game not yet in the library is added with the status the play implies. ' +
            'At most 20 sessions a day and 5 of one game a day. The session counts into the game’s `totalHours`.',
          tags,
          params: usernameParamSchema,
          body: diaryEntryBodySchema,
          response: { 201: diaryEntrySchema },
        },
      },
      async (req, reply) => reply.code(201).send(await library.addDiary(actorOf(req), req.params.username, req.body)),
    );

    app.put(
      '/api/users/:username/diary/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'editDiaryEntry',
          summary: 'Edit a diary entry',
          description: 'Replaces every field but the game; moving it to another day checks that day’s limits.',
          tags,
          params: diaryParamSchema,
          body: diaryEntryUpdateBodySchema,
          response: { 200: diaryEntrySchema },
        },
      },
      async (req) => library.updateDiary(actorOf(req), req.params.username, req.params.id, req.body),
    );

    app.delete(
      '/api/users/:username/diary/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'deleteDiaryEntry',
          summary: 'Delete a diary entry',
          tags,
          params: diaryParamSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await library.removeDiary(actorOf(req), req.params.username, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
