import { SOCIAL_LIMITS, stripInvisible } from '@vgl/shared';
import type * as HtmlParser from 'htmlparser2';
import { lazyRequire } from '../../lazy.js';

/** Loaded when the first remote post arrives: an instance that never federates never loads it (lazy.ts). */
const htmlParser = lazyRequire<typeof HtmlParser>('htmlparser2');

/** Elements whose content is never text a reader should see (code, styles, embedded documents). */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title', 'textarea', 'select']);
/** Elements that end a paragraph: their text is set apart by a blank line, as the review text rules read paragraphs. */
const BLOCKS = new Set(['p', 'div', 'blockquote', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'table', 'tr', 'section', 'article', 'header', 'footer', 'figure']);

/**
 * A remote post's content (untrusted HTML from any server) as the plain text a
 * comment is: parsed by htmlparser2 (a real HTML tokenizer, entities decoded),
 * only its text kept, paragraphs and line breaks as blank lines and new lines.
 * No markup and no link survives, so nothing a remote server writes can run or
 * style anything here; the web app renders it as it renders a member's comment
 * (React escapes it). The mentions Mastodon puts before a reply (@ann@vgl.example)
 * are left out: on the review's page they only name its author. So is a link to
 * `selfUrl` (the post's own page, which a VGL review ends with: "On VGL"), since
 * the feed links to it already. Invisible and bidi control characters go, as in
 * members' text, and it is cut to a comment's length. An empty result means the
 * post had nothing to show.
 */
export function remoteContentText(html: string, maxLength: number = SOCIAL_LIMITS.commentMaxLength, selfUrl?: string | null): string {
  let text = '';
  let dropped = 0;
  /** Depth inside a link whose text is not kept: a leading mention, or a link to the post itself. */
  let mention = 0;
  const seenText = () => /\S/.test(text);
  const parser = new (htmlParser().Parser)(
    {
      onopentag(name, attributes) {
        if (DROPPED.has(name)) dropped += 1;
        else if (mention > 0) mention += 1;
        else if (name === 'a' && !seenText() && /(^|\s)mention(\s|$)/.test(attributes.class ?? '')) mention = 1;
        else if (name === 'a' && selfUrl && sameUrl(attributes.href, selfUrl)) mention = 1;
        else if (name === 'br' && dropped === 0) text += '\n';
        else if (BLOCKS.has(name) && dropped === 0) text += '\n\n';
      },
      ontext(data) {
        if (dropped === 0 && mention === 0) text += data;
      },
      onclosetag(name) {
        if (DROPPED.has(name)) dropped = Math.max(0, dropped - 1);
        else if (mention > 0) mention -= 1;
        else if (BLOCKS.has(name) && dropped === 0) text += '\n\n';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const clean = stripInvisible(text)
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return limitText(clean, maxLength);
}

/** Whether an href names `url` (as URLs, so escaping and case of the host do not matter). */
function sameUrl(href: string | undefined, url: string): boolean {
  if (!href) return false;
  try {
    return new URL(href).href === new URL(url).href;
  } catch {
    return false;
  }
}

/** Cut to a comment's length with an ellipsis, by code points, so a cut never splits an emoji's surrogate pair. */
export function limitText(clean: string, maxLength: number = SOCIAL_LIMITS.commentMaxLength): string {
  const chars = Array.from(clean);
  return chars.length <= maxLength ? clean : `${chars.slice(0, maxLength - 1).join('').trimEnd()}…`;
}

/** A one-line name from a remote actor (its display name may be HTML on some servers, and any length). */
export function remoteNameText(raw: string | null | undefined, maxLength = 100): string | null {
  if (!raw) return null;
  const line = remoteContentText(raw, maxLength).replace(/\s+/g, ' ').trim();
  return line === '' ? null : line;
}
