import { describe, expect, it } from 'vitest';
import type { SparqlRow } from './wikidata.client.js';
import { parseItems, releaseOf, unixSecondsOf } from './wikidata.parse.js';
import { classifyGenre, foldLabel, platformIndex } from './wikidata.vocabulary.js';

const E = 'http://www.wikidata.org/entity/';
const fact = (item: string, name: string, value: string, extra: Partial<Record<'platform' | 'precision' | 'rank', string>> = {}, lang?: string): SparqlRow => ({
  item: { type: 'uri', value: E + item },
  fact: { type: 'literal', value: name },
  value: { type: value.startsWith('http') ? 'uri' : 'literal', value, ...(lang ? { 'xml:lang': lang } : {}) },
  ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { type: k === 'precision' ? 'literal' : 'uri', value: v }])),
});

describe('reading Wikidata items', () => {
  it('takes the English label, aliases, sitelinks, dates with platform and precision, and ids', () => {
    const [game] = parseItems(['Q1'], [
      fact('Q1', 'label', 'Elden Ring', {}, 'en'),
      fact('Q1', 'label', 'エルデンリング', {}, 'mul'),
      fact('Q1', 'alias', 'ER', {}, 'en'),
      fact('Q1', 'sitelinks', '80'),
      fact('Q1', 'modified', '2026-01-02T03:04:05Z'),
      fact('Q1', 'class', `${E}Q7889`),
      fact('Q1', 'date', '2022-02-25T00:00:00Z', { platform: `${E}Q1406`, precision: '11', rank: 'http://wikiba.se/ontology#NormalRank' }),
      fact('Q1', 'date', '2022-01-01T00:00:00Z', { precision: '9' }),
      fact('Q1', 'platform', `${E}Q1406`),
      fact('Q1', 'igdb', 'elden-ring'),
      fact('Q1', 'steam', '1245620'),
    ]);
    expect(game).toMatchObject({ qid: 'Q1', kind: 'game', label: 'Elden Ring', aliases: ['ER'], sitelinks: 80, platforms: ['Q1406'], igdbSlugs: ['elden-ring'], steam: ['1245620'] });
    expect(game!.modified).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    // Known only to the year, 2022 is the year; the day-precise date of that year is the release date.
    expect(releaseOf(game!.dates)).toEqual({ releaseYear: 2022, firstReleaseDate: Date.UTC(2022, 1, 25) / 1000 });
  });

  it('files an expansion, DLC or mod under its parent even when it is also a video game', () => {
    const [dlc] = parseItems(['Q2'], [fact('Q2', 'label', 'Shadow of the Erdtree', {}, 'en'), fact('Q2', 'class', `${E}Q7889`), fact('Q2', 'class', `${E}Q1066707`), fact('Q2', 'expansionOf', `${E}Q1`)]);
    expect(dlc).toMatchObject({ kind: 'dlc', parent: 'Q1' });
  });

  it('a year-only release has a year and no date; unreadable dates are skipped', () => {
    expect(releaseOf([{ at: Date.UTC(2027, 0, 1) / 1000, precision: 9, platform: null, preferred: false }])).toEqual({ releaseYear: 2027, firstReleaseDate: null });
    expect(unixSecondsOf('+2027-00-00T00:00:00Z')).toBe(Date.UTC(2027, 0, 1) / 1000);
    expect(unixSecondsOf('not a date')).toBeUndefined();
  });
});

describe('Wikidata words in VGL terms', () => {
  it('maps platform labels to IGDB platforms, curated spellings first', () => {
    const index = platformIndex([
      { id: 1, igdb_id: 6, name: 'PC (Microsoft Windows)', alternative_name: 'mswin', abbreviation: 'PC' },
      { id: 2, igdb_id: 169, name: 'Xbox Series X|S', alternative_name: null, abbreviation: 'Series X|S' },
      { id: 3, igdb_id: 69, name: 'BBC Microcomputer System', alternative_name: null, abbreviation: 'bbcmicro' },
    ]);
    expect(index.get(foldLabel('Microsoft Windows'))).toBe(1);
    expect(index.get(foldLabel('Xbox Series X and Series S'))).toBe(2);
    expect(index.get(foldLabel('BBC Micro'))).toBe(3);
    expect(index.get(foldLabel('Amiga'))).toBeUndefined();
  });

  it('maps genre labels to IGDB genres and themes, and keeps unknown ones', () => {
    expect(classifyGenre('action role-playing game')).toEqual({ genres: ['role-playing-rpg'], themes: ['action'] });
    expect(classifyGenre('survival horror')).toEqual({ genres: ['adventure'], themes: ['horror', 'survival'] });
    expect(classifyGenre('first-person shooter')).toMatchObject({ genres: ['shooter'] });
    expect(classifyGenre('Metroidvania')).toMatchObject({ genres: ['platform'] });
    expect(classifyGenre('immersive sim')).toEqual({ genres: [], themes: [] });
  });
});
