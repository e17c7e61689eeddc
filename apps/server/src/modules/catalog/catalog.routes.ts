import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import { browseQuerySchema, listQuerySchema, searchQuerySchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../http/parse.js';
import type { CatalogService } from './catalog.service.js';

const slugParam = z.object({ slug: z.string().max(200) });

export const catalogRoutes =
  (catalog: CatalogService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['catalog'];
    const cache = (seconds: number) => `public, max-age=${seconds}`;

    app.get('/api/igdb/trending', { schema: { tags } }, async (req, reply) => {
      const { limit } = parseInput(listQuerySchema, req.query);
      reply.header('Cache-Control', cache(300));
      return catalog.trending(limit);
    });

    app.get('/api/igdb/upcoming/tsr', { schema: { tags } }, async (req, reply) => {
      const { limit, page } = parseInput(listQuerySchema, req.query);
      const { items, total } = await catalog.upcoming(limit, page);
      reply.header(TOTAL_COUNT_HEADER, String(total)).header('Cache-Control', cache(300));
      return items;
    });

    app.get('/api/igdb/games', { schema: { tags } }, async (req, reply) => {
      const { items, total } = await catalog.browse(parseInput(browseQuerySchema, req.query));
      reply.header(TOTAL_COUNT_HEADER, String(total)).header('Cache-Control', cache(60));
      return items;
    });

    app.get('/api/igdb/search', { schema: { tags } }, async (req, reply) => {
      const { q, p, limit } = parseInput(searchQuerySchema, req.query);
      const { items, total, correctedTo } = await catalog.search(q, p, limit);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (correctedTo) reply.header('X-Search-Corrected', encodeURIComponent(correctedTo));
      return items;
    });

    app.get('/api/igdb/games/:slug', { schema: { tags, params: slugParam } }, async (req) => catalog.game(req.params.slug));

    app.get('/api/igdb/platforms', { schema: { tags } }, async (req, reply) => {
      const featured = (req.query as { feat?: string } | undefined)?.feat;
      reply.header('Cache-Control', cache(3600));
      return catalog.platforms(featured === '1' || featured === 'true');
    });
    app.get('/api/igdb/platforms/:slug', { schema: { tags, params: slugParam } }, async (req) => catalog.platform(req.params.slug));

    app.get('/api/igdb/selections', { schema: { tags } }, async (_req, reply) => {
      reply.header('Cache-Control', cache(300));
      return catalog.selections();
    });
    app.get('/api/igdb/selections/:slug', { schema: { tags, params: slugParam } }, async (req) => catalog.selection(req.params.slug));

    for (const table of ['genres', 'themes'] as const) {
      app.get(`/api/igdb/${table}`, { schema: { tags } }, async () => catalog.list(table));
      app.get(`/api/igdb/${table}/:slug`, { schema: { tags, params: slugParam } }, async (req) =>
        catalog.named(table, (req.params as { slug: string }).slug),
      );
    }
  };
