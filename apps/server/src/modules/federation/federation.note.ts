import { createHash } from 'node:crypto';
import { coverImageUrl, parseReviewText, reviewExcerpt, RATING, type ReviewInline } from '@vgl/shared';
import type { PublicReviewRow } from './federation.repo.js';

/** What a review looks like on Mastodon: the fields of its Note, before Fedify's vocabulary makes it JSON-LD. */
export interface NoteFields {
  content: string;
  /** The content warning of a review marked as spoilers; null otherwise. */
  summary: string | null;
  cover: { url: string; name: string } | null;
  /** The review's page on this instance. */
  url: string;
}

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A member's plain text (a bio, a reply) as the HTML Mastodon shows: paragraphs at blank lines, line breaks kept, nothing of it read as markup. */
export const paragraphsHtml = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** "★★★★½ 4.5/5" for 9: stars as the site shows them, and the number for screen readers and plain-text clients. */
export function ratingText(rating: number): string {
  const stars = rating / 2;
  const full = Math.floor(stars);
  return `${'★'.repeat(full)}${rating % 2 === 1 ? '½' : ''} ${stars}/${RATING.stars}`;
}

const inlineHtml = (run: ReviewInline) => {
  let html = escapeHtml(run.text);
  if (run.strike) html = `<del>${html}</del>`;
  if (run.italic) html = `<em>${html}</em>`;
  if (run.bold) html = `<strong>${html}</strong>`;
  return html;
};

/**
 * The review's text as the HTML Mastodon keeps (p, br, strong, em, del,
 * blockquote), from the same parse the web app renders; every character of
 * the member's text is escaped. A long review is cut as the site cuts it
 * (reviewExcerpt), and the link says there is more.
 */
function reviewHtml(review: string): { html: string; collapsed: boolean } {
  const { text, collapsed } = reviewExcerpt(review);
  const html = parseReviewText(text)
    .map((block) => {
      const lines = block.lines.map((line) => line.map(inlineHtml).join('')).join('<br>');
      return block.type === 'quote' ? `<blockquote><p>${lines}</p></blockquote>` : `<p>${lines}</p>`;
    })
    .join('');
  return { html, collapsed };
}

/** The page of a review: /u/{lower-cased name}/reviews/{slug}, as the sitemap lists it. */
export const reviewPageUrl = (publicUrl: string, username: string, slug: string) =>
  `${publicUrl}/u/${encodeURIComponent(username.toLowerCase())}/reviews/${encodeURIComponent(slug)}`;

/** The note a public review is published as: the game, the rating in stars and numbers, the text (or its start), a link, the cover. */
export function noteFields(publicUrl: string, row: PublicReviewRow): NoteFields {
  const url = reviewPageUrl(publicUrl, row.username, row.review_slug!);
  const { html, collapsed } = reviewHtml(row.review!);
  const rated = row.rating !== null && row.rating > 0 ? ` ${ratingText(row.rating)}` : '';
  const heading = `<p>Review of <strong>${escapeHtml(row.game_name)}</strong>${rated}</p>`;
  const link = `<p><a href="${escapeHtml(url)}">${collapsed ? 'Read the whole review on VGL' : 'On VGL'}</a></p>`;
  return {
    content: heading + html + link,
    summary: row.review_spoilers === 1 ? `Spoilers: ${row.game_name}` : null,
    cover: row.cover_image_id ? { url: coverImageUrl(row.cover_image_id), name: `Cover of ${row.game_name}` } : null,
    url,
  };
}

/** What decides whether an edit is worth an Update: the fields that show. */
export const noteDigest = (note: NoteFields): string => createHash('sha256').update(JSON.stringify([note.content, note.summary, note.cover?.url ?? null, note.url])).digest('hex');
