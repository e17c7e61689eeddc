import { API_MESSAGES, TOTAL_COUNT_HEADER } from '@vgl/shared';
import {
  adminListQuerySchema,
  adminPageQuerySchema,
  featuredOrderSchema,
  featureInputSchema,
  moderationReasonSchema,
  roleInputSchema,
} from '@vgl/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../http/errors.js';
import { parseInput } from '../../http/parse.js';
import { actorOf, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import { isAdmin, isStaff } from './admin.policy.js';
import type { AdminService } from './admin.service.js';

const id = (what: string) => z.coerce.number({ error: `The ${what} id must be a number` }).int().positive();
const userParam = z.object({ id: id('user') });
const entryParam = z.object({ entryId: id('review') });
const commentParam = z.object({ id: id('comment') });

const paged = <T>(reply: FastifyReply, { items, total }: { items: T[]; total: number }) => {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
};

async function staffOnly(request: FastifyRequest) {
  if (!isStaff(request.actor)) throw forbidden(API_MESSAGES.forbidden);
}
async function adminsOnly(request: FastifyRequest) {
  if (!isAdmin(request.actor)) throw forbidden(API_MESSAGES.forbidden);
}

/**
 * The moderation dashboard's API, /api/admin/*: moderators and admins in
 * good standing (401 without a token, 403 otherwise); changing roles is for
 * admins. Access is checked on request, before the path or body is looked
 * at, so a visitor learns nothing from a 400.
 */
export const adminRoutes =
  (auth: AuthService, admin: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    const staff = { onRequest: [requireUser(auth), staffOnly] };
    const admins = { onRequest: [requireUser(auth), adminsOnly] };

    app.get('/api/admin/overview', { ...staff, schema: { tags } }, async () => admin.overview());

    app.get('/api/admin/users', { ...staff, schema: { tags } }, async (req, reply) =>
      paged(reply, await admin.users(actorOf(req), parseInput(adminListQuerySchema, req.query))),
    );
    app.post('/api/admin/users/:id/suspend', { ...staff, schema: { tags, params: userParam } }, async (req) =>
      admin.suspend(actorOf(req), req.params.id, parseInput(moderationReasonSchema, req.body).reason),
    );
    app.post('/api/admin/users/:id/unsuspend', { ...staff, schema: { tags, params: userParam } }, async (req) =>
      admin.unsuspend(actorOf(req), req.params.id),
    );
    app.put('/api/admin/users/:id/role', { ...admins, schema: { tags, params: userParam } }, async (req) =>
      admin.setRole(actorOf(req), req.params.id, parseInput(roleInputSchema, req.body)),
    );

    app.get('/api/admin/reviews', { ...staff, schema: { tags } }, async (req, reply) =>
      paged(reply, await admin.reviews(parseInput(adminListQuerySchema, req.query))),
    );
    app.delete('/api/admin/reviews/:entryId', { ...staff, schema: { tags, params: entryParam } }, async (req, reply) => {
      await admin.removeReview(actorOf(req), req.params.entryId, parseInput(moderationReasonSchema, req.body).reason);
      return reply.code(204).send();
    });

    app.get('/api/admin/comments', { ...staff, schema: { tags } }, async (req, reply) =>
      paged(reply, await admin.comments(parseInput(adminListQuerySchema, req.query))),
    );
    app.delete('/api/admin/comments/:id', { ...staff, schema: { tags, params: commentParam } }, async (req, reply) => {
      await admin.removeComment(actorOf(req), req.params.id, parseInput(moderationReasonSchema, req.body).reason);
      return reply.code(204).send();
    });

    app.get('/api/admin/featured', { ...staff, schema: { tags } }, async () => admin.featured());
    app.post('/api/admin/featured', { ...staff, schema: { tags } }, async (req) => admin.feature(actorOf(req), parseInput(featureInputSchema, req.body).entryId));
    app.put('/api/admin/featured', { ...staff, schema: { tags } }, async (req) =>
      admin.reorderFeatured(actorOf(req), parseInput(featuredOrderSchema, req.body).entryIds),
    );
    app.delete('/api/admin/featured/:entryId', { ...staff, schema: { tags, params: entryParam } }, async (req) =>
      admin.unfeature(actorOf(req), req.params.entryId),
    );

    app.get('/api/admin/audit', { ...staff, schema: { tags } }, async (req, reply) => paged(reply, await admin.audit(parseInput(adminPageQuerySchema, req.query))));
  };
