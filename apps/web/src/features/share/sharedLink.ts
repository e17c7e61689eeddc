/** What Android's share sheet sends the share target (manifest share_target): any of them may be empty. */
export interface Shared {
  title: string;
  text: string;
  url: string;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/i;
/** Punctuation a sentence puts after a link ("… see https://…/app/620)."), not part of it. */
const TRAILING = /[).,;:!?\]}»”’]+$/;

const asWebAddress = (candidate: string): string | null => {
  const trimmed = candidate.trim().replace(TRAILING, '');
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * The link that was shared: the url field when it is one, else the first
 * link inside text (where Android apps often put it), else inside title.
 */
export function sharedUrl(shared: Shared): string | null {
  for (const field of [shared.url, shared.text, shared.title]) {
    const direct = asWebAddress(field);
    if (direct && field.trim().split(/\s+/).length === 1) return direct;
    const found = URL_IN_TEXT.exec(field);
    const inText = found ? asWebAddress(found[0]) : null;
    if (inText) return inText;
  }
  return null;
}

/** Store and database page titles around a game's name: "Save 75% on X on Steam", "X on GOG.com", "X - IGDB.com", "X - Wikidata". */
const STORE_WRAPPERS: RegExp[] = [
  /^save\s+\d+%\s+on\s+/i,
  /\s+on\s+steam$/i,
  /\s+(?:on|[-–—|:])\s*gog(?:\.com)?$/i,
  /\s*[-–—|:]\s*(?:igdb(?:\.com)?|wikidata|steam(?:\s+community)?|gog(?:\.com)?|vgl)$/i,
  /^steam\s+community\s*::\s*/i,
  /\s*\((?:video\s*game|game)(?:,\s*\d{4})?\)$/i,
];

/**
 * What to search for when the link matched no game: the shared title (or
 * text) without its links, store suffixes ("on Steam") and stray quotes.
 */
export function searchTextOf(shared: Shared): string {
  for (const field of [shared.title, shared.text]) {
    let text = field.replace(new RegExp(URL_IN_TEXT.source, 'gi'), ' ').replace(/\s+/g, ' ').trim();
    for (let again = true; again; ) {
      again = false;
      for (const wrapper of STORE_WRAPPERS) {
        const next = text.replace(wrapper, '').trim();
        if (next !== text) [text, again] = [next, true];
      }
    }
    text = text.replace(/^["“”'‘’«»\s]+|["“”'‘’«»\s]+$/g, '').trim();
    if (text) return text.slice(0, 200);
  }
  return '';
}
