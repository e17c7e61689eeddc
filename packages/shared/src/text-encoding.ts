// Other trackers' exports come in whatever encoding the tool or the
// spreadsheet saved them in; the import wants text. Shared so the browser
// decodes the file before sending it and the server can say the same thing.

export type ImportFileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedImportFile {
  text: string;
  encoding: ImportFileEncoding;
  /** Said to the member when the guess may be wrong (null when the file is plainly UTF-8 or UTF-16). */
  notice: string | null;
}

export const WINDOWS_1252_NOTICE =
  'The file was not UTF-8; it was read as Windows-1252 (Western European). Check accented names in the preview.';

/** Bytes looked at to tell UTF-16 without a BOM: its ASCII text has a NUL in every other byte. */
const SNIFF_BYTES = 4096;

function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const length = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (length < 4) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenNuls += 1;
    if (bytes[i + 1] === 0) oddNuls += 1;
  }
  const pairs = length / 2;
  // Mostly ASCII headers and titles: the high byte is NUL, the low one is not.
  if (oddNuls > pairs * 0.4 && evenNuls < pairs * 0.1) return 'utf-16le';
  if (evenNuls > pairs * 0.4 && oddNuls < pairs * 0.1) return 'utf-16be';
  return null;
}

const decode = (encoding: Exclude<ImportFileEncoding, 'windows-1252'>, bytes: Uint8Array, fatal = false) => new TextDecoder(encoding, { fatal }).decode(bytes);

/** Windows-1252's 0x80–0x9F (curly quotes, dashes, €, …); undefined bytes keep their code. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * By hand, not TextDecoder('windows-1252'): Node 20's decodes that label as
 * Latin-1, which turns curly quotes into control characters; the rest of
 * the bytes are the same code points in both.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let from = 0; from < bytes.length; from += 8192) {
    const codes = Array.from(bytes.subarray(from, from + 8192), (byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/**
 * A file's text: a BOM decides (UTF-8, UTF-16 LE or BE), then UTF-16
 * without a BOM by its NUL bytes, then UTF-8 if every byte sequence is
 * valid UTF-8, else Windows-1252 (Excel's "CSV" on Western Windows), with a
 * notice, since that last one is a guess. The BOM is not part of the text.
 */
export function decodeImportFile(bytes: Uint8Array): DecodedImportFile {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: decode('utf-8', bytes), encoding: 'utf-8', notice: null };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decode('utf-16le', bytes), encoding: 'utf-16le', notice: null };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decode('utf-16be', bytes), encoding: 'utf-16be', notice: null };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: decode(utf16, bytes), encoding: utf16, notice: null };
  try {
    return { text: decode('utf-8', bytes, true), encoding: 'utf-8', notice: null };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252', notice: WINDOWS_1252_NOTICE };
  }
}
