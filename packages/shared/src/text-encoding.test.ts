import { describe, expect, it } from 'vitest';
import { WINDOWS_1252_NOTICE, decodeImportFile } from './text-encoding.js';

const utf16 = (text: string, order: 'le' | 'be', bom: boolean) => {
  const bytes: number[] = bom ? (order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    bytes.push(...(order === 'le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff]));
  }
  return Uint8Array.from(bytes);
};
const CSV = 'Title,Rating\nPokémon Red,4.5\n';

describe('decodeImportFile', () => {
  it('reads UTF-8 without a BOM', () => {
    expect(decodeImportFile(new TextEncoder().encode(CSV))).toEqual({ text: CSV, encoding: 'utf-8', notice: null });
  });

  it('reads UTF-8 with a BOM and leaves the BOM out of the text', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(CSV)]);
    expect(decodeImportFile(bytes)).toEqual({ text: CSV, encoding: 'utf-8', notice: null });
  });

  it('reads UTF-16 LE and BE by their BOM', () => {
    expect(decodeImportFile(utf16(CSV, 'le', true))).toEqual({ text: CSV, encoding: 'utf-16le', notice: null });
    expect(decodeImportFile(utf16(CSV, 'be', true))).toEqual({ text: CSV, encoding: 'utf-16be', notice: null });
  });

  it('tells UTF-16 without a BOM by its NUL bytes', () => {
    expect(decodeImportFile(utf16(CSV, 'le', false))).toMatchObject({ text: CSV, encoding: 'utf-16le' });
    expect(decodeImportFile(utf16(CSV, 'be', false))).toMatchObject({ text: CSV, encoding: 'utf-16be' });
  });

  it('reads a file that is not UTF-8 as Windows-1252, with a notice', () => {
    // "Pokémon" as Excel saves it on Western Windows: é is the single byte 0xE9.
    const bytes = Uint8Array.from([...new TextEncoder().encode('Title\nPok'), 0xe9, ...new TextEncoder().encode('mon Red\n'), 0x93, 0x94]);
    expect(decodeImportFile(bytes)).toEqual({ text: 'Title\nPokémon Red\n\u201c\u201d', encoding: 'windows-1252', notice: WINDOWS_1252_NOTICE });
  });

  it('reads an empty file as empty UTF-8', () => {
    expect(decodeImportFile(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8', notice: null });
  });
});
