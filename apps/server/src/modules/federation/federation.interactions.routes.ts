import { idParamSchema, noContentSchema, remoteReactionsSchema, userSlugParamSchema } from '@vgl/shared/schemas';
import { API_MESSAGES } from '@vgl/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { commentLabel, recordAudit } from '../admin/admin.audit.js';
import { actorOf } from '../auth/auth.guard.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { Actor } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { interactionsRepo } from './federation.interactions.repo.js';
import { canRemoveReply, remoteActorRef } from './federation.present.js';

/** Accounts listed per kind on a review's page: the latest, the rest as a number. */
const LISTED = 50;

/**
 * What members see of remote interactions beyond the comments (which list
 * remote replies themselves): who liked and boosted a review, and the hiding
 * of a remote reply. Mounted whether FEDERATION is on or not: what arrived
 * while it was on stays readable and removable.
 */
export function createRemoteInteractionsService(db: Db, comments: Pick<CommentsService, 'reviewOf'>, now: () => number = Date.now) {
  const k = db.kysely;
  return {
    async reactions(actor: Actor, ref: { username: string; slug: string }) {
      const { entryId } = await comments.reviewOf(actor, ref);
      const [likes, boosts] = await Promise.all([interactionsRepo.reactionsTo(k, entryId, 'like', LISTED), interactionsRepo.reactionsTo(k, entryId, 'announce', LISTED)]);
      return {
        likes: { total: likes.total, accounts: likes.rows.map(remoteActorRef) },
        boosts: { total: boosts.total, accounts: boosts.rows.map(remoteActorRef) },
      };
    },

    /**
     * Hides a remote reply (a moderator, or the review's author), as a moderator hides a comment: it stays, so a
     * repeated delivery cannot bring it back, and only moderators still see it, marked. Hidden already: nothing to do.
     */
    async remove(actor: UserRow, id: number) {
      const reply = await interactionsRepo.replyById(k, id);
      if (!reply) throw notFound('There is no such comment.');
      if (!canRemoveReply(actor, reply.review_user_id)) throw forbidden(API_MESSAGES.forbidden);
      await k.transaction().execute(async (trx) => {
        const at = now();
        if (!(await interactionsRepo.hideReply(trx, id, actor.id, at))) return;
        await interactionsRepo.adjustEntryCount(trx, reply.entry_id, 'comments_count', -1);
        // A moderator's removal is in the audit log like a member's comment removed (no id: remote replies are numbered apart).
        if (actor.id !== reply.review_user_id) {
          await recordAudit(trx, actor, { action: 'comment.delete', targetType: 'comment', targetId: null, targetLabel: `${commentLabel({ username: reply.handle, body: reply.body })} (remote reply)` }, at);
        }
      });
    },
  };
}

export type RemoteInteractionsService = ReturnType<typeof createRemoteInteractionsService>;

export const remoteInteractionsRoutes =
  (service: RemoteInteractionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['federation'];
    app.get(
      '/api/users/:username/reviews/:slug/fediverse',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'listRemoteReactions',
          summary: 'Who liked and boosted a review from elsewhere in the fediverse',
          tags,
          params: userSlugParamSchema,
          response: { 200: remoteReactionsSchema },
        },
      },
      async (req) => service.reactions(req.actor, req.params),
    );
    app.delete(
      '/api/federation/replies/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'removeRemoteReply',
          summary: 'Hide a reply from the fediverse (a moderator, or the author of the review it answers)',
          tags,
          params: idParamSchema('reply'),
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await service.remove(actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
