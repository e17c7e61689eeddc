import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.js';
import { SITEMAP_KINDS, sitemapRepo, type SitemapKind, type SitemapRow } from './sitemap.repo.js';
import { sitemapIndex, urlEntry, urlsetClose, urlsetOpen } from './sitemap.xml.js';

/** Rows read per query while a child sitemap streams: memory holds one chunk, whatever the catalog's size. */
const CHUNK = 2_000;
/** Search engines come back daily at most; an hour keeps a crawl's many requests off the database. */
const CACHE_CONTROL = 'public, max-age=3600';
const CHILD = /^(games|members|reviews|lists)-([1-9]\d{0,6})\.xml$/;

const sendXml = (reply: FastifyReply) => reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8');

const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').send('There is no such sitemap.');

/**
 * GET /sitemap.xml, a sitemap index (sitemaps.org), and its children
 * /sitemaps/{games|members|reviews|lists}-N.xml of at most 50,000 URLs each:
 * the instance's public pages for search engines (sitemap.repo says which).
 * Not under /api: it is for crawlers, in XML, named in robots.txt.
 */
export async function registerSitemap(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl: string }): Promise<void> {
  const k = db.kysely;

  app.get('/sitemap.xml', async (_request, reply) => {
    const children: string[] = [];
    for (const kind of SITEMAP_KINDS) {
      for (const page of await sitemapRepo.pages(k, kind)) children.push(`/sitemaps/${kind}-${page}.xml`);
    }
    return sendXml(reply).send(sitemapIndex(publicUrl, children));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = CHILD.exec(request.params.file);
    if (!match) return notFound(reply);
    const kind = match[1] as SitemapKind;
    const page = Number(match[2]);
    // The first chunk before the answer starts: an empty page is a 404, not an empty sitemap.
    const first = await sitemapRepo.chunk(k, kind, page, 0, CHUNK);
    if (first.length === 0) return notFound(reply);
    async function* body(): AsyncGenerator<string> {
      yield urlsetOpen;
      let rows: SitemapRow[] = first;
      while (rows.length > 0) {
        yield rows.map((row) => urlEntry(publicUrl, kind, row)).join('');
        if (rows.length < CHUNK) break;
        rows = await sitemapRepo.chunk(k, kind, page, Number(rows[rows.length - 1]!.id), CHUNK);
      }
      yield urlsetClose;
    }
    return sendXml(reply).send(Readable.from(body()));
  });
}
