import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_ROUTES, PRODUCT, canonicalUrl, isAppRoute, pageTitle, plainLine } from '@vgl/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND, type PageHead, type PageMetaLookup } from './page-meta.js';
import type { registerResponseCache } from './response-cache.js';

const YEAR = 31_536_000;

const SERVICE_WORKER_FILES = new Set(['sw.js', 'manifest.webmanifest']);

/** Vite's hashed file names never change content: cache them for a year. */
function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return `public, max-age=${YEAR}, immutable`;
  if (filePath.endsWith('.html')) return 'no-cache';
  // The service worker and the manifest name the app's current build: a browser must always ask whether they changed,
  // or an installed app would keep running the old build after an upgrade.
  if (SERVICE_WORKER_FILES.has(path.basename(filePath).replace(/\.(br|gz)$/, ''))) return 'no-cache';
  return 'public, max-age=86400';
}

export interface SpaOptions {
  /** The built web app (apps/web/dist). */
  webRoot: string;
  /** DATA_DIR/uploads, served under /uploads/. */
  uploadsDir: string;
  /** PUBLIC_URL: the origin of canonical links and share images. */
  publicUrl: string;
  /** The title, description and image of pages that have their own (games, reviews). */
  pageMeta?: PageMetaLookup;
  /** Where a page under a former name moved to (/u/{former}/… → /u/{current}/…, /games/{former} → /games/{current}), if it did. */
  movedPage?: (url: string) => Promise<string | undefined>;
  /** Keeps the pages as sent (response-cache.ts): the head's lookups are most of a page's cost. */
  pages?: PageCache;
  /** The sitemap's absolute address: robots.txt then names it (a line the built file cannot know, as PUBLIC_URL is the operator's). */
  sitemapUrl?: string;
}

export type PageCache = ReturnType<typeof registerResponseCache>['pages'];
/** A page's head shows games, reviews, profiles and lists: it changes with the catalog and with what members write. */
const PAGE_DEPENDS = ['catalog', 'social'] as const;

const HEAD_MARKER = '<!--vgl:head-->';

const escapeAttr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** index.html's own defaults of the tags headTags writes, removed so each appears once. */
const DEFAULT_HEAD_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+(?:name|property)="(?:description|og:title|og:description|og:url|og:image|twitter:card)"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
];

/** The built index.html with its default title and share tags taken out, and the marker where they go. */
export function pageTemplate(indexHtml: string): string {
  const withMarker = indexHtml.includes(HEAD_MARKER) ? indexHtml : indexHtml.replace('</head>', `${HEAD_MARKER}\n</head>`);
  return DEFAULT_HEAD_TAGS.reduce((html, tag) => html.replace(tag, ''), withMarker);
}

/**
 * The per-URL head tags that link previews need without running JavaScript:
 * the same title, description, canonical link and share image usePageMeta sets.
 */
export function headTags(publicUrl: string, pathname: string, head?: PageHead): string {
  const title = escapeAttr(pageTitle(head?.title));
  const description = escapeAttr(plainLine(head?.description ?? PRODUCT.description));
  const url = escapeAttr(canonicalUrl(publicUrl, pathname));
  const image = escapeAttr(new URL(head?.image ?? PRODUCT.shareImage, publicUrl).href);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    // A member who asked search engines to leave their pages alone (privacy settings).
    ...(head?.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ].join('\n    ');
}

/**
 * Serves the built SPA, its public files (/img, robots.txt, favicon, manifest)
 * and user uploads, and answers unknown non-API paths with the SPA (which
 * shows its 404 screen) — with a 404 status when no page matches the path.
 */
export async function registerSpa(app: FastifyInstance, { webRoot, uploadsDir, publicUrl, pageMeta, movedPage, pages, sitemapUrl }: SpaOptions): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? pageTemplate(fs.readFileSync(indexFile, 'utf8')) : undefined;
  const robotsFile = path.join(webRoot, 'robots.txt');
  const robots = sitemapUrl && fs.existsSync(robotsFile) ? `${fs.readFileSync(robotsFile, 'utf8').trimEnd()}\n\nSitemap: ${sitemapUrl}\n` : undefined;

  await app.register(fastifyStatic, {
    root: webRoot,
    // One route per built file, found at start: a page's path (/games/…) then never costs a look on disk
    // (the wildcard route stat'ed the disk for every page, a quarter of a kept page's cost).
    wildcard: !fs.existsSync(webRoot),
    index: false,
    // robots.txt is served from memory below, with the sitemap's line added.
    ...(robots ? { globIgnore: ['robots.txt'] } : {}),
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => res.header('Cache-Control', cacheControlFor(filePath)),
  });

  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Uploads get a new random name on every change, so a name's content never changes.
    cacheControl: false,
    setHeaders: (res) => res.header('Cache-Control', `public, max-age=${YEAR}, immutable`),
  });

  const sendApp = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run "npm run build" (npm start does it for you).');
    }
    const key = `page:${pathname}`;
    const kept = pages?.serve(request, reply, key, PAGE_DEPENDS);
    if (kept) return kept;
    let status = isAppRoute(pathname) ? 200 : 404;
    let head: PageHead | undefined;
    if (status === 200 && pageMeta) {
      // A failed lookup costs the page its preview, never the page itself.
      const found = await pageMeta(pathname).catch((error: unknown) => reply.log.warn({ err: error, pathname }, 'page meta lookup failed'));
      if (found === NOT_FOUND) status = 404;
      else if (found) head = found;
    }
    const html = indexHtml.replace(HEAD_MARKER, headTags(publicUrl, pathname, head));
    const headers = { 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' };
    if (status === 200 && pages) return pages.keepAndSend(request, reply, key, PAGE_DEPENDS, html, headers);
    return reply.status(status).headers(headers).send(html);
  };

  // A kept page is answered in the route's onRequest, as kept API answers are (response-cache.ts): the rest of the
  // lifecycle and the async handler are skipped (about 2 µs of a 25 µs page, the gap to the API's kept rows).
  const keptPage = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (indexHtml && pages?.serve(request, reply, `page:${request.url.split('?')[0] ?? '/'}`, PAGE_DEPENDS)) return;
    done();
  };
  app.get('/', { onRequest: keptPage }, (request, reply) => sendApp(request, reply, '/'));
  if (robots) app.get('/robots.txt', (_request, reply) => reply.header('cache-control', cacheControlFor(robotsFile)).type('text/plain; charset=utf-8').send(robots));

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // Files (anything with an extension) and API calls never get the HTML shell.
    if (!isPage || pathname.startsWith('/api/') || pathname === '/api' || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send({
        error: 'not_found',
        message: `Route ${request.method}:${pathname} not found`,
        statusCode: 404,
      });
    }
    // A page kept as sent answers first: a rename is a write, which drops kept pages, so a kept page is never a moved one.
    const kept = indexHtml ? pages?.serve(request, reply, `page:${pathname}`, PAGE_DEPENDS) : undefined;
    if (kept) return kept;
    // A real 301, so old links, bookmarks and search engines move to the new address.
    const moved = await movedPage?.(request.url).catch((error: unknown) => reply.log.warn({ err: error, pathname }, 'moved page lookup failed'));
    if (moved) return reply.code(301).header('Location', moved).header('Cache-Control', 'no-cache').send();
    return sendApp(request, reply, pathname);
  };

  app.setNotFoundHandler(servePage);
  // The app's own pages as routes of their own: Fastify's not-found path, which serves every other
  // unknown path, costs more than a route (the same handler either way).
  for (const pattern of new Set<string>(Object.values(APP_ROUTES))) if (pattern !== '/') app.get(pattern, { onRequest: keptPage }, servePage);
}
