import { noContentSchema, reportGroupSchema, reportInputSchema, reportParamSchema, reportQueueQuerySchema, reportReceiptSchema, reportResolveSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedList } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { ReportsService } from './reports.service.js';

/** POST /api/reports for members; the moderators' queue under /api/admin/reports (staff: 403 to everyone else). */
export const reportsRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/reports',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'createReport',
          summary: 'Report a review, comment, list or member to the moderators',
          description:
            'One open report per member and target (409 for a second). What the reporter cannot see is a 404; reporting oneself or one’s own things is a 400. Rate-limited per member (429).',
          tags: ['reports'],
          body: reportInputSchema,
          response: {
            201: reportReceiptSchema,
            404: errorResponse(404, 'There is no such thing, or you cannot see it'),
            409: errorResponse(409, 'You have already reported this, and it is still open'),
          },
        },
      },
      async (req, reply) => reply.code(201).send(await reports.create(actorOf(req), req.body)),
    );

    app.get(
      '/api/admin/reports',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'listReports',
          summary: 'The moderation queue: reported targets with their open reports',
          description: 'One entry per target, the longest waiting first, with its context, reporters and reasons and its author’s record. X-Total-Count counts targets.',
          tags: ['admin'],
          querystring: reportQueueQuerySchema,
          response: { 200: pagedList(reportGroupSchema) },
        },
      },
      async (req, reply) => sendPage(reply, await reports.queue(req.query.page)),
    );

    app.post(
      '/api/admin/reports/:id/resolve',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'resolveReport',
          summary: 'Resolve every open report on a target: hide it, suspend its author, or dismiss',
          description:
            'Hiding leaves the review, comment or list to its author and moderators (a member cannot be hidden: 400). Suspending is the dashboard’s suspension, with its rules. Each reporter is notified of the outcome; the audit log records it.',
          tags: ['admin'],
          params: reportParamSchema,
          body: reportResolveSchema,
          response: {
            204: noContentSchema,
            409: errorResponse(409, 'Already resolved (by another moderator), or the author cannot be suspended'),
          },
        },
      },
      async (req, reply) => {
        await reports.resolve(actorOf(req), req.params.id, req.body);
        return reply.code(204).send(null);
      },
    );
  };
