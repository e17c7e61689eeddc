import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import {
  diaryEntryInputSchema,
  diaryEntryUpdateSchema,
  diaryQuerySchema,
  libraryEntryInputSchema,
  libraryQuerySchema,
  listQuerySchema,
  reviewsQuerySchema,
} from '@vgl/shared/schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../http/parse.js';
import { optionalUser, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LibraryService } from './library.service.js';

const userParam = z.object({ username: z.string().max(40) });
const userGameParam = userParam.extend({ slug: z.string().max(200) });
const diaryParam = userParam.extend({ id: z.coerce.number({ error: 'The diary entry id must be a number' }).int().positive() });

const paged = <T>(reply: FastifyReply, { items, total }: { items: T[]; total: number }) => {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
};

/**
 * Libraries, reviews and diaries live under their owner: /api/users/{username}/….
 * Anyone reads; only the owner writes (library.policy). SPEC §7's review
 * lists for the front page are /api/library/reviews/{trending,feat}.
 */
export const libraryRoutes =
  (auth: AuthService, library: LibraryService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['library'];
    const reader = { preHandler: optionalUser(auth) };
    const writer = { preHandler: requireUser(auth) };

    app.get('/api/library/reviews/trending', { schema: { tags } }, async (req) =>
      library.trendingReviews(parseInput(listQuerySchema, req.query).limit),
    );
    app.get('/api/library/reviews/feat', { schema: { tags } }, async (req) => library.featuredReviews(parseInput(listQuerySchema, req.query).limit));

    app.get('/api/igdb/games/:slug/reviews', { schema: { tags, params: z.object({ slug: z.string().max(200) }) } }, async (req, reply) => {
      const { page, limit } = parseInput(reviewsQuerySchema, req.query);
      return paged(reply, await library.gameReviews(req.params.slug, page, limit));
    });

    app.get('/api/users/:username', { ...reader, schema: { tags, params: userParam } }, async (req) => library.profile(req.actor, req.params.username));

    app.get('/api/users/:username/library', { ...reader, schema: { tags, params: userParam } }, async (req, reply) =>
      paged(reply, await library.library(req.actor, req.params.username, parseInput(libraryQuerySchema, req.query))),
    );

    app.get('/api/users/:username/library/:slug', { ...reader, schema: { tags, params: userGameParam } }, async (req) =>
      library.entry(req.actor, req.params.username, req.params.slug),
    );

    app.put('/api/users/:username/library/:slug', { ...writer, schema: { tags, params: userGameParam } }, async (req, reply) => {
      const { entry, created } = await library.saveEntry(req.actor, req.params.username, req.params.slug, parseInput(libraryEntryInputSchema, req.body));
      return reply.code(created ? 201 : 200).send(entry);
    });

    app.delete('/api/users/:username/library/:slug', { ...writer, schema: { tags, params: userGameParam } }, async (req, reply) => {
      await library.removeEntry(req.actor, req.params.username, req.params.slug);
      return reply.code(204).send();
    });

    app.get('/api/users/:username/reviews', { ...reader, schema: { tags, params: userParam } }, async (req, reply) => {
      const { page, limit } = parseInput(reviewsQuerySchema, req.query);
      return paged(reply, await library.reviews(req.actor, req.params.username, page, limit));
    });

    app.get('/api/users/:username/reviews/:slug', { ...reader, schema: { tags, params: userGameParam } }, async (req) =>
      library.review(req.actor, req.params.username, req.params.slug),
    );

    app.get('/api/users/:username/diary', { ...reader, schema: { tags, params: userParam } }, async (req, reply) => {
      const { page, limit } = parseInput(diaryQuerySchema, req.query);
      return paged(reply, await library.diary(req.actor, req.params.username, page, limit));
    });

    app.post('/api/users/:username/diary', { ...writer, schema: { tags, params: userParam } }, async (req, reply) => {
      const entry = await library.addDiary(req.actor, req.params.username, parseInput(diaryEntryInputSchema, req.body));
      return reply.code(201).send(entry);
    });

    app.put('/api/users/:username/diary/:id', { ...writer, schema: { tags, params: diaryParam } }, async (req) =>
      library.updateDiary(req.actor, req.params.username, req.params.id, parseInput(diaryEntryUpdateSchema, req.body)),
    );

    app.delete('/api/users/:username/diary/:id', { ...writer, schema: { tags, params: diaryParam } }, async (req, reply) => {
      await library.removeDiary(req.actor, req.params.username, req.params.id);
      return reply.code(204).send();
    });
  };
