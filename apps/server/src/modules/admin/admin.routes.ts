import {
  adminCommentParamSchema,
  adminCommentSchema,
  adminFederationSchema,
  adminListQuerySchema,
  adminOverviewSchema,
  adminPageQuerySchema,
  adminReviewParamSchema,
  adminReviewSchema,
  adminUserParamSchema,
  adminUserSchema,
  auditEntrySchema,
  failedMailParamSchema,
  featuredOrderSchema,
  featureInputSchema,
  moderationReasonSchema,
  noContentSchema,
  roleInputSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedList } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { AdminService } from './admin.service.js';

const featuredList = z.array(adminReviewSchema).describe('The featured reviews in their order (the landing page shows the first 2)');
const search = (what: string) => `\`q\` keeps those whose ${what} contains it, ignoring case.`;

/**
 * The moderation dashboard's API, /api/admin/*: moderators and admins in
 * good standing (`staff`; 401 without a token, 403 otherwise); changing
 * roles is for admins. Access is checked on request, before the path or
 * body is looked at, so a visitor learns nothing from a 400.
 */
export const adminRoutes =
  (admin: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    const staff = { access: 'staff' } as const;

    app.get(
      '/api/admin/overview',
      { config: staff, schema: { operationId: 'getAdminOverview', summary: 'Counts, charts and the latest audit rows', tags, response: { 200: adminOverviewSchema } } },
      async () => admin.overview(),
    );

    app.post(
      '/api/admin/failed-mail/:id/retry',
      {
        // Staff: those who see the list; one more try of a mail harms nobody.
        config: staff,
        schema: {
          operationId: 'retryFailedMail',
          summary: 'Try a mail that could not be sent once more',
          description: 'The mail (listed in the overview’s `failedMail`) goes back in the job queue for one more try; if that fails too it is listed again.',
          tags,
          params: failedMailParamSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await admin.retryFailedMail(req.params.id);
        return reply.code(204).send(null);
      },
    );

    /* ---- Accounts ---- */

    app.get(
      '/api/admin/users',
      {
        config: staff,
        schema: {
          operationId: 'listAdminUsers',
          summary: 'Accounts, newest first',
          description: search('username or email address'),
          tags,
          querystring: adminListQuerySchema,
          response: { 200: pagedList(adminUserSchema) },
        },
      },
      async (req, reply) => sendPage(reply, await admin.users(actorOf(req), req.query)),
    );

    app.post(
      '/api/admin/users/:id/suspend',
      {
        config: staff,
        schema: {
          operationId: 'suspendUser',
          summary: 'Suspend an account',
          description: 'Hidden everywhere and read-only from then on; the member reads the reason. Moderators suspend regular users only; nobody suspends themself (400).',
          tags,
          params: adminUserParamSchema,
          body: moderationReasonSchema,
          response: { 200: adminUserSchema, 409: errorResponse(409, 'Already suspended, or not activated yet') },
        },
      },
      async (req) => admin.suspend(actorOf(req), req.params.id, req.body.reason),
    );

    app.post(
      '/api/admin/users/:id/unsuspend',
      {
        config: staff,
        schema: {
          operationId: 'unsuspendUser',
          summary: 'Lift a suspension',
          tags,
          params: adminUserParamSchema,
          response: { 200: adminUserSchema, 409: errorResponse(409, 'The account is not suspended') },
        },
      },
      async (req) => admin.unsuspend(actorOf(req), req.params.id),
    );

    app.put(
      '/api/admin/users/:id/role',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'setUserRole',
          summary: 'Change a member’s role (admins only)',
          description: 'Signs the member out so their next token carries the role. Nobody changes their own role, and the last admin stays one (400).',
          tags,
          params: adminUserParamSchema,
          body: roleInputSchema,
          response: { 200: adminUserSchema },
        },
      },
      async (req) => admin.setRole(actorOf(req), req.params.id, req.body),
    );

    /* ---- Content ---- */

    app.get(
      '/api/admin/reviews',
      {
        config: staff,
        schema: {
          operationId: 'listAdminReviews',
          summary: 'Written reviews, newest first',
          description: search('text, game name or author’s username'),
          tags,
          querystring: adminListQuerySchema,
          response: { 200: pagedList(adminReviewSchema) },
        },
      },
      async (req, reply) => sendPage(reply, await admin.reviews(req.query)),
    );

    app.delete(
      '/api/admin/reviews/:entryId',
      {
        config: staff,
        schema: {
          operationId: 'removeReview',
          summary: 'Remove a review',
          description: 'Removes the review text with its likes and comments (the library entry stays); the author is notified with the reason.',
          tags,
          params: adminReviewParamSchema,
          body: moderationReasonSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await admin.removeReview(actorOf(req), req.params.entryId, req.body.reason);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/admin/comments',
      {
        config: staff,
        schema: {
          operationId: 'listAdminComments',
          summary: 'Comments, newest first',
          description: search('text, author’s username or game name'),
          tags,
          querystring: adminListQuerySchema,
          response: { 200: pagedList(adminCommentSchema) },
        },
      },
      async (req, reply) => sendPage(reply, await admin.comments(req.query)),
    );

    app.delete(
      '/api/admin/comments/:id',
      {
        config: staff,
        schema: {
          operationId: 'removeComment',
          summary: 'Remove a comment',
          description: 'The author is notified with the reason.',
          tags,
          params: adminCommentParamSchema,
          body: moderationReasonSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await admin.removeComment(actorOf(req), req.params.id, req.body.reason);
        return reply.code(204).send(null);
      },
    );

    /* ---- Featured reviews (the landing page opens with the first 2) ---- */

    app.get(
      '/api/admin/featured',
      { config: staff, schema: { operationId: 'listFeatured', summary: 'The featured reviews, in order', tags, response: { 200: featuredList } } },
      async () => admin.featured(),
    );

    app.post(
      '/api/admin/featured',
      {
        config: staff,
        schema: {
          operationId: 'featureReview',
          summary: 'Feature a review',
          description: 'Appends a written review of an active member to the list (400 otherwise, or when the list is full).',
          tags,
          body: featureInputSchema,
          response: {
            200: featuredList,
            404: errorResponse(404, 'There is no such review'),
            409: errorResponse(409, 'The review is already featured'),
          },
        },
      },
      async (req) => admin.feature(actorOf(req), req.body.entryId),
    );

    app.put(
      '/api/admin/featured',
      {
        config: staff,
        schema: {
          operationId: 'reorderFeatured',
          summary: 'Reorder the featured reviews',
          description: 'The list must name exactly the featured reviews, each once (400 otherwise).',
          tags,
          body: featuredOrderSchema,
          response: { 200: featuredList },
        },
      },
      async (req) => admin.reorderFeatured(actorOf(req), req.body.entryIds),
    );

    app.delete(
      '/api/admin/featured/:entryId',
      {
        config: staff,
        schema: {
          operationId: 'unfeatureReview',
          summary: 'Take a review off the featured list',
          tags,
          params: adminReviewParamSchema,
          response: { 200: featuredList },
        },
      },
      async (req) => admin.unfeature(actorOf(req), req.params.entryId),
    );

    /* ---- Federation (issue 40: the dashboard shows the state and known instances) ---- */

    app.get(
      '/api/admin/federation',
      {
        config: staff,
        schema: {
          operationId: 'getAdminFederation',
          summary: 'Whether this instance federates, and the servers whose accounts follow its members',
          description:
            'With FEDERATION off, `enabled` is false, `origin` null, and the counts are what the federation tables hold (nothing, unless federation was on before).',
          tags,
          response: { 200: adminFederationSchema },
        },
      },
      async () => admin.federation(),
    );

    /* ---- Audit ---- */

    app.get(
      '/api/admin/audit',
      {
        config: staff,
        schema: {
          operationId: 'listAudit',
          summary: 'The audit log, newest first',
          tags,
          querystring: adminPageQuerySchema,
          response: { 200: pagedList(auditEntrySchema) },
        },
      },
      async (req, reply) => sendPage(reply, await admin.audit(req.query)),
    );
  };
