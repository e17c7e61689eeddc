import { STATS_DEFINITIONS as D } from '@vgl/shared/stats';
import { memberStatsSchema, statsQuerySchema, usernameParamSchema, yearCardQuerySchema, yearInReviewSchema, yearParamSchema } from '@vgl/shared/schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { errorResponse } from '../../http/route-conventions.js';
import { CARD_HEIGHT, CARD_RETRY_AFTER_SECONDS, CARD_WIDTH, cardVersion, createCardRenderer } from './stats.card.js';
import type { Db } from '../../db/database.js';
import type { LibraryService } from '../library/library.service.js';
import { createStatsService } from './stats.service.js';

const VISIBILITY = 'Public like the profile: an unknown, pending or suspended member is a 404 (a suspended member still sees their own with their token).';
const DEFINITIONS = [D.period, D.played, D.beaten, D.plays, D.abandoned, D.sessions, D.hours, D.platforms, D.genres, D.decades, D.ratings, D.mostPlayed, D.streak, D.reviews, D.years].join(' ');
/** Share images may be kept a little while by browsers and link-preview services; the ETag makes checking cheap. */
const CARD_MAX_AGE_SECONDS = 300;

/**
 * A member's stats (/u/{username}/stats) and year in review
 * (/u/{username}/year/{yyyy}), with the year's share image for link previews.
 */
export const statsRoutes =
  (db: Db, library: Pick<LibraryService, 'ownerFor'>): FastifyPluginAsyncZod =>
  async (app) => {
    const stats = createStatsService(db, library);
    const cards = createCardRenderer();
    const tags = ['library'];

    app.get(
      '/api/users/:username/stats',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'getMemberStats',
          summary: 'A member’s stats for a year or all time',
          description: `${VISIBILITY} ${DEFINITIONS}`,
          tags,
          params: usernameParamSchema,
          querystring: statsQuerySchema,
          response: { 200: memberStatsSchema },
        },
      },
      async (req) => stats.stats(req.actor, req.params.username, req.query.year ?? null),
    );

    app.get(
      '/api/users/:username/year/:year',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'getYearInReview',
          summary: 'A member’s year in review',
          description:
            `${VISIBILITY} The year's stats (as GET …/stats?year=, with the timeline month by month) and its highlights: the games of the ` +
            `year's first and last diary entries, the best rated and the most played game. A year with nothing logged answers zeros. ${DEFINITIONS}`,
          tags,
          params: yearParamSchema,
          response: { 200: yearInReviewSchema },
        },
      },
      async (req) => stats.yearInReview(req.actor, req.params.username, req.params.year),
    );

    app.get(
      '/api/users/:username/year/:year/card.png',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getYearInReviewCard',
          summary: 'The year in review’s share image',
          description:
            `A ${CARD_WIDTH}×${CARD_HEIGHT} PNG for link previews (the page's og:image). Cached for ${CARD_MAX_AGE_SECONDS} s with an ETag of its data: ` +
            `If-None-Match with it answers 304. Drawn one at a time; when many wait, 503 with Retry-After. Hidden members are a 404, as on their profile.`,
          tags,
          params: yearParamSchema,
          querystring: yearCardQuerySchema,
          response: {
            200: { description: 'The card', content: { 'image/png': { schema: z.string().meta({ format: 'binary' }).describe('PNG image') } } },
            304: z.null().describe('Not modified: the If-None-Match ETag is still the card’s'),
            503: errorResponse(503, 'Too many cards are being drawn right now; Retry-After says when to try again'),
          },
        },
      },
      async (req, reply) => {
        const review = await stats.yearInReview(null, req.params.username, req.params.year);
        const etag = `"${cardVersion(review)}"`;
        reply.header('cache-control', `public, max-age=${CARD_MAX_AGE_SECONDS}`).header('etag', etag);
        // A preview service that has this version already is told so before anything is drawn.
        if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return (reply as FastifyReply).code(304).send();
        try {
          return (reply as FastifyReply).type('image/png').send(await cards.render(review));
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 503) reply.header('retry-after', String(CARD_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
          throw err;
        }
      },
    );
  };
