import { PRODUCT } from './limits.js';
import { parseReviewText } from './review-text.js';
import { plainLine } from './text-rules.js';

/**
 * "{title} | VGL", or the tagline when a page has no title of its own (SPEC §2).
 * Members' words reach titles (list names, game names from submissions): one
 * plain line, so a bidi override cannot turn " | VGL" and the tab around.
 */
export function pageTitle(title?: string | null): string {
  const trimmed = title ? plainLine(title) : '';
  return trimmed ? `${trimmed} | ${PRODUCT.name}` : PRODUCT.tagline;
}

/** Canonical link: origin plus "/" plus path, without doubled or trailing slashes. */
export function canonicalUrl(origin: string, path: string): string {
  const base = origin.replace(/\/+$/, '');
  const clean = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return `${base}/${clean}`;
}

/** Descriptions for link previews stay around this long (search engines show ~160, cards ~200). */
export const META_DESCRIPTION_LENGTH = 200;

/** Plain text cut at a word boundary to about `max` characters, with "…" when something was cut. */
export function metaDescription(text: string, max = META_DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max).join('');
  const lastSpace = head.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? head.slice(0, lastSpace) : head).replace(/[\s,;:.!?…-]+$/, '')}…`;
}

export interface MetaGame {
  name: string;
  summary?: string | null;
  /** Unix seconds. */
  first_release_date?: number | null;
  release_year?: number | null;
}

/** A game page's description: its summary, or a line naming the game and its year. */
export function gameMetaDescription(game: MetaGame): string {
  if (game.summary?.trim()) return metaDescription(game.summary);
  const year = typeof game.first_release_date === 'number' ? new Date(game.first_release_date * 1000).getUTCFullYear() : game.release_year;
  const named = typeof year === 'number' ? `${game.name} (${year})` : game.name;
  return `${named} on ${PRODUCT.name}: rate it, review it and add it to your library.`;
}

/** A review page's description: the review as plain text (formatting markers and quote marks dropped). */
export function reviewMetaDescription(review: string): string {
  const text = parseReviewText(review)
    .map((block) => block.lines.map((line) => line.map((run) => run.text).join('')).join(' '))
    .join(' ');
  return metaDescription(text);
}

/** A game's cover in the big size of the games database's image service (SPEC §9), by image id. */
export const coverImageUrl = (imageId: string) => `https://images.igdb.com/igdb/image/upload/t_cover_big/${encodeURIComponent(imageId)}.jpg`;

/** Any IGDB image (screenshots, artworks) in one of the image service's sizes, by image id. */
export const igdbImageUrl = (imageId: string, size: 'screenshot_med' | 'screenshot_big' | '1080p' | 'thumb') =>
  `https://images.igdb.com/igdb/image/upload/t_${size}/${encodeURIComponent(imageId)}.jpg`;
