import type { SitemapKind, SitemapRow } from './sitemap.repo.js';

/** The five characters XML gives meaning to, as entities (sitemaps.org asks for entity-escaped URLs). */
export const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The page a row is: games by slug; members, their reviews and lists under their lower-cased name (profilePath). */
export function pathOf(kind: SitemapKind, row: SitemapRow): string {
  const a = encodeURIComponent(kind === 'games' ? row.a : row.a.toLowerCase());
  const b = encodeURIComponent(row.b ?? '');
  switch (kind) {
    case 'games':
      return `/games/${a}`;
    case 'members':
      return `/u/${a}`;
    case 'reviews':
      return `/u/${a}/reviews/${b}`;
    case 'lists':
      return `/u/${a}/lists/${b}`;
  }
}

/** An absolute address on this site: PUBLIC_URL (with or without its trailing slash) and a path. */
export const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

/** A W3C datetime for <lastmod>; nothing for a time that is not one. */
function lastmod(at: number | string): string {
  const ms = Number(at);
  return Number.isFinite(ms) && ms > 0 ? `<lastmod>${new Date(ms).toISOString()}</lastmod>` : '';
}

export const urlsetOpen = `${XML_HEAD}<urlset xmlns="${XMLNS}">\n`;
export const urlsetClose = '</urlset>\n';

export const urlEntry = (publicUrl: string, kind: SitemapKind, row: SitemapRow) =>
  `<url><loc>${escapeXml(absolute(publicUrl, pathOf(kind, row)))}</loc>${lastmod(row.lastmod)}</url>\n`;

/** The sitemap index: the child sitemaps by their absolute addresses. */
export function sitemapIndex(publicUrl: string, children: string[]): string {
  const entries = children.map((path) => `<sitemap><loc>${escapeXml(absolute(publicUrl, path))}</loc></sitemap>\n`).join('');
  return `${XML_HEAD}<sitemapindex xmlns="${XMLNS}">\n${entries}</sitemapindex>\n`;
}
