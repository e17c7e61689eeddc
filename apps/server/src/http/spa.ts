import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PRODUCT, canonicalUrl, isAppRoute } from '@vgl/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';

const YEAR = 31_536_000;

/** Vite's hashed file names never change content: cache them for a year. */
function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return `public, max-age=${YEAR}, immutable`;
  if (filePath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=86400';
}

export interface SpaOptions {
  /** The built web app (apps/web/dist). */
  webRoot: string;
  /** DATA_DIR/uploads, served under /uploads/. */
  uploadsDir: string;
  /** PUBLIC_URL: the origin of canonical links and share images. */
  publicUrl: string;
}

const HEAD_MARKER = '<!--vgl:head-->';

const escapeAttr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The per-URL head tags that link previews need without running JavaScript. */
export function headTags(publicUrl: string, pathname: string): string {
  const url = escapeAttr(canonicalUrl(publicUrl, pathname));
  const image = escapeAttr(new URL(PRODUCT.shareImage, publicUrl).href);
  return [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
  ].join('\n    ');
}

/**
 * Serves the built SPA, its public files (/img, robots.txt, favicon, manifest)
 * and user uploads, and answers unknown non-API paths with the SPA (which
 * shows its 404 screen) — with a 404 status when no page matches the path.
 */
export async function registerSpa(app: FastifyInstance, { webRoot, uploadsDir, publicUrl }: SpaOptions): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    index: false,
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

  const sendApp = (reply: FastifyReply, status: number, pathname: string) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run "npm run build" (npm start does it for you).');
    }
    return reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml.replace(HEAD_MARKER, headTags(publicUrl, pathname)));
  };

  app.get('/', (_request, reply) => sendApp(reply, 200, '/'));

  app.setNotFoundHandler((request, reply) => {
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
    return sendApp(reply, isAppRoute(pathname) ? 200 : 404, pathname);
  });
}
