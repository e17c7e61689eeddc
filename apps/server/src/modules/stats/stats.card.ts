import { createHash } from 'node:crypto';
import { PRODUCT, formatMinutes } from '@vgl/shared';
import { yearInReviewTitle, type YearInReview } from '@vgl/shared/stats';
import { AppError } from '../../http/errors.js';
import { loadSharp } from '../settings/avatars.js';

/*
 * The year in review's share image: an SVG we write (every member's text
 * escaped and cut short) turned into a 1200×630 PNG by sharp. The work is
 * bounded like the avatars' (settings/avatars.ts, which also sets sharp to
 * one thread and no cache): one rendering at a time, a short line behind it
 * (503 beyond), and the last PNGs kept in a small cache keyed by the data's
 * hash, so a link shared widely is drawn once.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const CARD_RENDERS_AT_ONCE = 1;
export const CARD_RENDERS_WAITING = 8;
export const CARD_RETRY_AFTER_SECONDS = 5;
/** PNGs kept (each 30–80 KB). */
const CARD_CACHE_SIZE = 64;
/** Bump when the drawing changes, so old ETags and cached PNGs stop matching. */
const CARD_DESIGN = 1;

export const cardBusy = () => new AppError(503, 'card_busy', 'The server is busy drawing other cards. Try again in a few seconds.');

/** Text as SVG character data or an attribute: XML-escaped, without the characters XML cannot hold. */
export function escapeXml(text: string): string {
  return (
    text
      // Control characters, lone surrogates and U+FFFE/U+FFFF make the SVG unreadable to librsvg.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
  );
}

/** At most `max` characters (code points), with "…" when cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** What the card shows, and nothing else: its hash is the ETag. */
function cardData(review: YearInReview) {
  const { stats, highlights } = review;
  return {
    design: CARD_DESIGN,
    username: stats.username,
    year: stats.year,
    totals: stats.totals,
    months: stats.timeline.map((m) => m.hours),
    streak: stats.longestStreak.days,
    mostPlayed: highlights.mostPlayed ? { name: highlights.mostPlayed.game.name, hours: highlights.mostPlayed.hours } : null,
    bestRated: highlights.bestRated ? { name: highlights.bestRated.game.name, rating: highlights.bestRated.rating } : null,
    topGenre: stats.byGenre[0]?.label ?? null,
  };
}

/** A short version of the card's data: its ETag, and the ?v= of the og:image URL. */
export const cardVersion = (review: YearInReview) => createHash('sha256').update(JSON.stringify(cardData(review))).digest('hex').slice(0, 16);

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`;
const n = (value: number) => value.toLocaleString('en-US');
const stars = (rating: number) => `${'★'.repeat(Math.floor(rating / 2))}${rating % 2 ? '½' : ''}`;

/** The card as SVG markup. Every text from a member or the catalog goes through escapeXml (and clip). */
export function cardSvg(review: YearInReview): string {
  const data = cardData(review);
  const title = escapeXml(clip(yearInReviewTitle(data.username, data.year), 44));
  const tiles: [string, string][] = [
    [n(data.totals.played), data.totals.played === 1 ? 'game played' : 'games played'],
    [n(data.totals.beaten), 'beaten'],
    // Whole hours past a hundred: the tile has room for about six characters at full size.
    [n(data.totals.hours >= 100 ? Math.round(data.totals.hours) : data.totals.hours), data.totals.hours === 1 ? 'hour' : 'hours'],
    [n(data.totals.sessions), data.totals.sessions === 1 ? 'session' : 'sessions'],
  ];
  const tile = ([value, label]: [string, string], i: number) => {
    const x = 64 + i * 272;
    return (
      `<rect x="${x}" y="178" width="248" height="150" rx="18" fill="#161a27" stroke="#2c3148"/>` +
      `<text x="${x + 24}" y="262" ${FONT} font-size="${value.length <= 5 ? 64 : value.length <= 7 ? 50 : 40}" font-weight="700" fill="#f4f6fb">${escapeXml(value)}</text>` +
      `<text x="${x + 24}" y="304" ${FONT} font-size="26" fill="#a9afc4">${escapeXml(label)}</text>`
    );
  };
  const lines: string[] = [];
  if (data.mostPlayed) lines.push(`Most played: ${clip(data.mostPlayed.name, 40)} (${formatMinutes(Math.round(data.mostPlayed.hours * 60))})`);
  if (data.bestRated) lines.push(`Best rated: ${clip(data.bestRated.name, 40)} ${stars(data.bestRated.rating)}`);
  const extras = [data.streak > 1 ? `${n(data.streak)}-day streak` : null, data.topGenre ? `Top genre: ${clip(data.topGenre, 24)}` : null].filter(Boolean);
  if (extras.length > 0) lines.push(extras.join(' · '));
  if (lines.length === 0) lines.push('Nothing logged this year yet.');
  const text = lines
    .slice(0, 3)
    .map((line, i) => `<text x="64" y="${396 + i * 44}" ${FONT} font-size="30" fill="#dfe5f0">${escapeXml(line)}</text>`)
    .join('');

  // Hours month by month, as twelve small bars on the right of the bottom band.
  const top = Math.max(1, ...data.months);
  const bars = data.months
    .map((hours, i) => {
      const height = Math.round((hours / top) * 96);
      return `<rect x="${824 + i * 26}" y="${588 - height}" width="18" height="${Math.max(2, height)}" rx="3" fill="${hours > 0 ? '#8b5cf6' : '#2c3148'}"/>`;
    })
    .join('');

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d0f17"/><stop offset="1" stop-color="#1d1830"/></linearGradient><linearGradient id="band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs>` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>` +
    `<rect x="0" y="0" width="${CARD_WIDTH}" height="8" fill="url(#band)"/>` +
    `<text x="64" y="84" ${FONT} font-size="28" font-weight="700" fill="#a78bfa">${escapeXml(PRODUCT.name)} · YEAR IN REVIEW</text>` +
    `<text x="64" y="146" ${FONT} font-size="50" font-weight="700" fill="#f4f6fb">${title}</text>` +
    tiles.map(tile).join('') +
    text +
    bars +
    `<text x="824" y="614" ${FONT} font-size="16" fill="#a9afc4">Hours, January to December</text>` +
    `</svg>`
  );
}

/** A tiny semaphore: `run` waits for a free slot, or throws when the line is full. */
function createSlots(size: number, waiting: number, whenFull: () => Error) {
  let running = 0;
  const line: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= size) {
      if (line.length >= waiting) throw whenFull();
      await new Promise<void>((resolve) => line.push(resolve));
    } else running += 1;
    try {
      return await work();
    } finally {
      const next = line.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** Renders cards one at a time and remembers the last ones by version. */
export function createCardRenderer() {
  const slots = createSlots(CARD_RENDERS_AT_ONCE, CARD_RENDERS_WAITING, cardBusy);
  const cache = new Map<string, Promise<Buffer>>();
  return {
    /** The card's PNG. */
    async render(review: YearInReview): Promise<Buffer> {
      const version = cardVersion(review);
      let png = cache.get(version);
      if (png) {
        // Most recently used last, so the oldest is dropped first.
        cache.delete(version);
        cache.set(version, png);
      } else {
        png = slots(() => loadSharp()(Buffer.from(cardSvg(review)), { limitInputPixels: CARD_WIDTH * CARD_HEIGHT }).png({ compressionLevel: 8 }).toBuffer());
        cache.set(version, png);
        // A failed or refused rendering is not remembered.
        png.catch(() => cache.delete(version));
        while (cache.size > CARD_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return png;
    },
  };
}

export type CardRenderer = ReturnType<typeof createCardRenderer>;
