import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IgdbGame, IgdbNamed, IgdbPlatform, IgdbPopularity } from '../modules/igdb/igdb.types.js';
import type { FakeIgdbData } from './fake-igdb.js';
import { WIKIDATA_PLATFORMS } from './wikidata-fixture.entities.js';
import { NAMED_GAMES, type GameKind, type NamedGameRow } from './wikidata-fixture.games.js';

/*
 * Data for the fake IGDB with real games in it, so search relevance can be
 * measured against an IGDB-shaped catalog (npm run bench:relevance): the
 * Wikidata fixture's named games (wikidata-fixture.games.ts) as IGDB holds
 * them — name, IGDB slug, alternative names (the fixture's aliases and
 * other-language labels, as IGDB's alternative_names), first release date,
 * platforms, DLC and expansions under their game — plus synthetic filler as
 * bench:igdb makes it. IGDB's popularity signals, which the fixture has no
 * figures for, follow its sitelinks: rating counts sitelinks²/2 (about
 * 4,000 ratings for a 90-sitelink game, a dozen for a 5-sitelink one, as
 * IGDB's counts run), hypes for the games still to come, and the visits
 * ranking (popularity_primitives) for the forty with the most sitelinks.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const REFERENCE = path.resolve(here, '../../../../data/catalog/igdb-reference.json');
const KIND_TYPES: Record<GameKind, number> = { game: 0, dlc: 1, expansion: 2, compilation: 3, mod: 5 };
const VISITED = 40;
const DAY = 86_400_000;

/** A fixture date ('1997-01-31 ps1 @jp', '+150d ps5') as a Unix time; relative ones count from `now`. */
function firstDate(row: NamedGameRow, now: Date): number | undefined {
  const when = row.d[0]?.split(' ')[0];
  if (!when) return undefined;
  const relative = /^([+-]\d+)([dmy])$/.exec(when);
  if (relative) {
    const n = Number(relative[1]);
    const days = relative[2] === 'd' ? n : relative[2] === 'm' ? n * 30 : n * 365;
    return Math.floor((now.getTime() + days * DAY) / 1000);
  }
  const [y, m = '01', d = '01'] = when.split('-');
  return Math.floor(Date.UTC(Number(y), Number(m) - 1, Number(d)) / 1000);
}

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function namedIgdbData(filler: number, now: Date): FakeIgdbData {
  const reference = JSON.parse(fs.readFileSync(REFERENCE, 'utf8')) as { platforms: IgdbPlatform[]; genres: IgdbNamed[]; themes: IgdbNamed[] };
  const platforms = reference.platforms.map(({ id, name, slug, abbreviation }) => ({ id, name, slug, ...(abbreviation ? { abbreviation } : {}) }));
  // The fixture's platforms by label; IGDB names Windows "PC (Microsoft Windows)".
  const platformId = (key: string) => {
    const label = WIKIDATA_PLATFORMS[key as keyof typeof WIKIDATA_PLATFORMS]?.label;
    return label ? platforms.find((p) => p.name === label || p.name.includes(`(${label})`))?.id : undefined;
  };
  const rows = NAMED_GAMES.filter((row) => row.only !== 2);
  const ids = new Map(rows.map((row, i) => [row.key, i + 1]));
  const updated = Math.floor(now.getTime() / 1000) - 86_400;
  const games: IgdbGame[] = rows.map((row, i) => {
    const released = firstDate(row, now);
    const keys = [...row.d.flatMap((d) => (d.split(' ')[1] ?? '').split(',')), ...(row.p ?? [])].filter((k) => k && !k.startsWith('@'));
    const upcoming = released !== undefined && released * 1000 > now.getTime();
    return {
      id: i + 1,
      name: row.label,
      slug: row.igdb ?? slugOf(row.label),
      game_type: KIND_TYPES[row.kind ?? 'game'],
      ...(row.of ? { parent_game: ids.get(row.of)! } : {}),
      ...(released !== undefined ? { first_release_date: released } : {}),
      platforms: [...new Set(keys.map(platformId).filter((id): id is number => id !== undefined))],
      total_rating_count: upcoming ? 0 : Math.round((row.sl * row.sl) / 2),
      ...(upcoming ? { hypes: row.sl * 10 } : {}),
      alternative_names: [...(row.aka ?? []), ...(row.other ? [row.other[1]] : [])].map((name) => ({ name })),
      updated_at: updated,
    };
  });
  const popularity: IgdbPopularity[] = [...rows]
    .sort((a, b) => b.sl - a.sl)
    .slice(0, VISITED)
    .map((row, i) => ({ game_id: ids.get(row.key)!, value: 1 - i / VISITED }));
  return { games: [...games, ...fillerGames(filler, rows.length + 1, updated)], platforms, genres: reference.genres, themes: reference.themes, popularity };
}

const WORDS = `shadow dragon quest star legend fighter racing soccer super mega ultra hyper dark light blade sword magic knight castle space
ocean island jungle desert mountain city night thunder storm fire ice crystal galaxy robot ninja samurai pirate wizard hero zero prime
rally turbo street kart tennis golf puzzle block tower empire kingdom war tactics chronicle saga fantasy mystery detective haunted`.split(/\s+/);

/** Synthetic main games as bench:igdb makes them: three words and a number, most with few ratings. */
function fillerGames(count: number, firstId: number, updated: number): IgdbGame[] {
  let seed = 34;
  const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const id = firstId + i;
    const name = `${[pick(WORDS), pick(WORDS), pick(WORDS)].map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ')} ${id}`;
    return { id, name, slug: `filler-${id}`, game_type: 0, first_release_date: 1_000_000_000 + Math.floor(rand() * 600_000_000), total_rating_count: Math.floor(300 * rand() ** 4), updated_at: updated };
  });
}
