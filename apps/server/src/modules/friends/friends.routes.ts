import { FRIENDS_SHOWN, type FriendsWhoPlayed, type PlayStatus } from '@vgl/shared';
import { friendsWhoPlayedSchema, slugParamSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { actorOf } from '../auth/auth.guard.js';
import { findGameBySlug } from '../catalog/catalog.repo.js';
import { friendsRepo } from './friends.repo.js';

/** The game page's "Friends who played this": the people you follow who logged the game. */
export const friendsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/igdb/games/:slug/friends',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listFriendsWhoPlayed',
          summary: 'The people you follow who have a game in their library',
          description: `With their status and rating, the most recently active first (at most ${FRIENDS_SHOWN}), and how many there are.`,
          tags: ['follows'],
          params: slugParamSchema,
          response: { 200: friendsWhoPlayedSchema },
        },
      },
      async (req): Promise<FriendsWhoPlayed> => {
        const game = await findGameBySlug(db.kysely, req.params.slug);
        if (!game) throw notFound(`There is no game "${req.params.slug}".`);
        const { rows, total } = await friendsRepo.whoPlayed(db.kysely, actorOf(req).id, game.id, FRIENDS_SHOWN);
        return {
          total,
          items: rows.map((r) => ({
            user: { username: r.username, avatar: r.avatar },
            status: r.status as PlayStatus | null,
            rating: r.rating,
            reviewSlug: r.review_slug,
            updatedAt: Number(r.updated_at),
          })),
        };
      },
    );
  };
