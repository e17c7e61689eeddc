/**
 * What counts as something one can see in a member's words, and how a line of
 * it is made safe to put where the reader cannot tell text from layout: page
 * titles, link previews, e-mail subjects, share images.
 *
 * Invisible: C0/C1 controls (tabs and line breaks are handled by the caller),
 * soft hyphen, zero-width space, direction marks, bidi embeddings, overrides
 * and isolates, word joiner and invisible operators, BOM, and the blank
 * "letters" (Hangul fillers, braille blank) that would otherwise pass for a
 * word. Joiners (U+200C/D) stay: scripts and emoji need them between visible
 * characters, and a text of joiners alone still has nothing visible.
 * Combining marks among them (U+034F, U+17B4–5, U+180B–D, U+180F) stand alone
 * in the alternation, not in the class.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F/g;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** The text without invisible and bidi control characters (line breaks and tabs kept). */
export const stripInvisible = (raw: string) => raw.replace(INVISIBLE, '');

/** Whether there is anything one can see once invisible characters are set aside. */
export const hasVisibleText = (raw: string) => VISIBLE.test(stripInvisible(raw));

/**
 * One line for a title, a preview, a subject or an image: invisible and bidi
 * control characters removed (a right-to-left override in a list title would
 * otherwise turn the rest of the page title around), whitespace made single
 * spaces, trimmed. Right-to-left scripts still read right: their direction
 * comes from the letters, not from the control characters.
 */
export const plainLine = (raw: string) => stripInvisible(raw).replace(/\s+/g, ' ').trim();
