import { createHash } from 'node:crypto';
import { coverImageUrl } from '@vgl/shared';
import { escapeHtml, paragraphsHtml, ratingText } from './federation.note.js';
import type { PublicListRow, PublicPlayRow } from './federation.published.repo.js';

/** A finished play's Note, before Fedify's vocabulary makes it JSON-LD. */
export interface PlayNoteFields {
  content: string;
  cover: { url: string; name: string } | null;
  /** The game's page on this instance. */
  url: string;
}

/** A public list's Article. */
export interface ListArticleFields {
  name: string;
  content: string;
  cover: { url: string; name: string } | null;
  /** The list's page on this instance. */
  url: string;
}

/** Games of a list named in its Article; the rest are counted, and the link shows them. */
export const LIST_ARTICLE_GAMES = 10;

export const gamePageUrl = (publicUrl: string, slug: string) => `${publicUrl}/games/${encodeURIComponent(slug)}`;
export const listPageUrl = (publicUrl: string, username: string, slug: string) =>
  `${publicUrl}/u/${encodeURIComponent(username.toLowerCase())}/lists/${encodeURIComponent(slug)}`;

/** "62 hours", "1.5 hours", "1 hour": tenths under ten hours, as the play card shows them; null under three minutes. */
export function hoursText(minutes: number | null): string | null {
  if (minutes === null || minutes < 3) return null;
  const hours = minutes < 600 ? Math.round(minutes / 6) / 10 : Math.round(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

const coverOf = (imageId: string | null, gameName: string) => (imageId ? { url: coverImageUrl(imageId), name: `Cover of ${gameName}` } : null);

/** "Finished Tunic (PC) — 62 hours, ★★★★½ 4.5/5", a link to the game, its cover: what a visitor sees of the play. */
export function playNoteFields(publicUrl: string, row: PublicPlayRow, minutes: number | null): PlayNoteFields {
  const url = gamePageUrl(publicUrl, row.game_slug);
  const platform = row.platform_name ? ` (${escapeHtml(row.platform_name)})` : '';
  const details = [hoursText(minutes), row.rating !== null && row.rating > 0 ? ratingText(row.rating) : null].filter((part): part is string => part !== null);
  const heading = `<p>Finished <strong>${escapeHtml(row.game_name)}</strong>${platform}${details.length > 0 ? ` — ${details.join(', ')}` : ''}</p>`;
  return { content: `${heading}<p><a href="${escapeHtml(url)}">On VGL</a></p>`, cover: coverOf(row.cover_image_id, row.game_name), url };
}

/**
 * A public list as an Article: its title, its description as paragraphs, its
 * first games (numbered when the list is ranked) linked to their pages, how
 * many more there are, a link to the list, and the first game's cover.
 */
export function listArticleFields(
  publicUrl: string,
  row: PublicListRow,
  { games, total }: { games: { name: string; slug: string; cover_image_id: string | null }[]; total: number },
): ListArticleFields {
  const url = listPageUrl(publicUrl, row.username, row.slug);
  const tag = Number(row.ranked) === 1 ? 'ol' : 'ul';
  const items = games.map((game) => `<li><a href="${escapeHtml(gamePageUrl(publicUrl, game.slug))}">${escapeHtml(game.name)}</a></li>`).join('');
  const list = games.length > 0 ? `<${tag}>${items}</${tag}>` : '';
  const more = total > games.length ? `<p>and ${total - games.length} more</p>` : '';
  const link = `<p><a href="${escapeHtml(url)}">${total === 1 ? '1 game' : `${total} games`} on VGL</a></p>`;
  const firstCover = games.find((game) => game.cover_image_id !== null);
  return {
    name: row.title,
    content: paragraphsHtml(row.description ?? '') + list + more + link,
    cover: firstCover ? coverOf(firstCover.cover_image_id, firstCover.name) : null,
    url,
  };
}

/** What decides whether an edit is worth an Update: the fields that show. */
export const publishedDigest = (fields: PlayNoteFields | ListArticleFields): string =>
  createHash('sha256').update(JSON.stringify(['name' in fields ? fields.name : null, fields.content, fields.cover?.url ?? null, fields.url])).digest('hex');
