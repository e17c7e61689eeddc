import { SUBMISSION_LIMITS } from '@vgl/shared';
import {
  adminSubmissionSchema,
  adminSubmissionsQuerySchema,
  gameSubmissionInputSchema,
  gameSubmissionSchema,
  moderationReasonSchema,
  slugParamSchema,
  submissionConflictSchema,
  submissionMergeInputSchema,
  submissionParamSchema,
  submittedGameSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedList } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import { AlreadyInCatalog, type SubmissionsService } from './submissions.service.js';

const decided = errorResponse(409, 'Already decided (by another moderator, or on a page not reloaded since): `message` says how and by whom');

/**
 * Member game submissions: adding a game the catalog lacks (members), its
 * page while it waits (its submitter and moderators), and the moderation
 * queue of /dashboard/submissions (staff).
 */
export const submissionsRoutes =
  (submissions: SubmissionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/games/submissions',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'submitGame',
          summary: 'Add a game the catalog does not have',
          description: `Makes the game at once, so its submitter can log, rate and review it (GET /api/games/{slug}/submission shows its page); others see it once a moderator approves it. Platforms are slugs that exist (400 names the one that does not). The same title (and year, when given) already in the catalog is a 409 that names that game. At most ${SUBMISSION_LIMITS.perDay} a day per member (429); suspended members cannot submit (403).`,
          tags: ['catalog'],
          body: gameSubmissionInputSchema,
          response: {
            201: gameSubmissionSchema,
            409: submissionConflictSchema,
            429: errorResponse(429, `Over ${SUBMISSION_LIMITS.perDay} games in 24 hours`),
          },
        },
      },
      async (req, reply) => {
        try {
          return reply.code(201).send(await submissions.submit(actorOf(req), req.body));
        } catch (error) {
          if (!(error instanceof AlreadyInCatalog)) throw error;
          return reply.code(409).send({ error: 'already_in_catalog', message: error.message, statusCode: 409, game: error.game });
        }
      },
    );

    app.get(
      '/api/games/:slug/submission',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getSubmittedGame',
          summary: 'The page of a game awaiting a moderator (or rejected)',
          description:
            'For its submitter and moderators: the game as GET /api/igdb/games/{slug} shows a catalog game, with its submission. 404 for anyone else, and for a game in the catalog (ask GET /api/igdb/games/{slug}).',
          tags: ['catalog'],
          params: slugParamSchema,
          response: { 200: submittedGameSchema },
        },
      },
      async (req) => submissions.game(actorOf(req), req.params.slug),
    );

    const tags = ['admin'];
    const staff = { access: 'staff' } as const;

    app.get(
      '/api/admin/submissions',
      {
        config: staff,
        schema: {
          operationId: 'listGameSubmissions',
          summary: 'Members’ game submissions: pending first',
          description: 'Pending ones oldest first (a queue), then the decided ones, latest decision first; `state` keeps one state.',
          tags,
          querystring: adminSubmissionsQuerySchema,
          response: { 200: pagedList(adminSubmissionSchema) },
        },
      },
      async (req, reply) => sendPage(reply, await submissions.list(actorOf(req), req.query)),
    );

    app.post(
      '/api/admin/submissions/:id/approve',
      {
        config: staff,
        schema: {
          operationId: 'approveGameSubmission',
          summary: 'Approve a pending submission: the game joins the catalog',
          description: 'Listed, searchable and browsable from then on; the submitter is told.',
          tags,
          params: submissionParamSchema,
          response: { 200: adminSubmissionSchema, 409: decided },
        },
      },
      async (req) => submissions.approve(actorOf(req), req.params.id),
    );

    app.post(
      '/api/admin/submissions/:id/merge',
      {
        config: staff,
        schema: {
          operationId: 'mergeGameSubmission',
          summary: 'Merge a pending or approved submission into the catalog game it is',
          description:
            'Every library entry, diary entry, list place, review, like, comment and feed item of the submitted game moves to the catalog game, and the submitted game goes. A member with both keeps one entry: the one with a review (both reviews when both have one), completed with what the other had. The submitter is told.',
          tags,
          params: submissionParamSchema,
          body: submissionMergeInputSchema,
          response: { 200: adminSubmissionSchema, 409: decided },
        },
      },
      async (req) => submissions.merge(actorOf(req), req.params.id, req.body),
    );

    app.post(
      '/api/admin/submissions/:id/reject',
      {
        config: staff,
        schema: {
          operationId: 'rejectGameSubmission',
          summary: 'Reject a pending submission, with a reason',
          description: 'The game stays its submitter’s own, with their entries, and is never listed; they read the reason.',
          tags,
          params: submissionParamSchema,
          body: moderationReasonSchema,
          response: { 200: adminSubmissionSchema, 409: decided },
        },
      },
      async (req) => submissions.reject(actorOf(req), req.params.id, req.body.reason),
    );
  };
