import { LIBRARY_LIMITS, slugify } from '@vgl/shared';
import type { Conn } from '../library/library.repo.js';
import type { ImportRow } from './import.rows.js';
import { PLATFORM_ALIASES } from './platform-aliases.js';

// The platforms a file names, as the catalog's: matching breaks ties between same-named games with them, applying saves them.

export interface PlatformRef {
  id: number;
  slug: string;
}

/** Platforms by slug, name, abbreviation, alternative name or another tracker's name ("PC", "PlayStation 4", "snes", "Genesis"); unknown ones are dropped. */
export async function platformResolver(k: Conn) {
  const platforms = await k.selectFrom('platforms').select(['id', 'slug', 'name', 'abbreviation', 'alternative_name']).orderBy('id').execute();
  const byKey = new Map<string, PlatformRef>();
  const add = (key: string | null, p: PlatformRef) => {
    const normal = key?.trim().toLowerCase();
    if (normal && !byKey.has(normal)) byKey.set(normal, { id: p.id, slug: p.slug });
  };
  // Earlier passes win: a slug is exact, a name is more specific than an abbreviation.
  for (const p of platforms) add(p.slug, p);
  for (const p of platforms) add(p.name, p);
  for (const p of platforms) add(p.abbreviation, p);
  for (const p of platforms) for (const alt of (p.alternative_name ?? '').split(/[,;]/)) add(alt, p);
  for (const p of platforms) add(slugify(p.name), p);
  // Then the names other trackers write ("Genesis", "Super Nintendo", "PC"), for platforms the catalog has.
  const bySlug = new Map(platforms.map((p) => [p.slug, p]));
  for (const [alias, slug] of Object.entries(PLATFORM_ALIASES)) {
    const p = bySlug.get(slug);
    if (p) add(alias, p);
  }
  const resolve = (names: string[]): PlatformRef[] => {
    const found = names.map((n) => byKey.get(n.trim().toLowerCase()) ?? byKey.get(slugify(n))).filter((p): p is PlatformRef => p !== undefined);
    return [...new Map(found.map((p) => [p.id, p])).values()].slice(0, LIBRARY_LIMITS.platformsPerEntry);
  };
  // "PC" in another tracker is any computer the game runs on: Steam and GOG sell DOS games, and a Windows game has Mac and Linux ports.
  const pcFamily = ['win', 'dos', 'linux', 'mac'].map((slug) => bySlug.get(slug)?.id).filter((id): id is number => id !== undefined);
  const sameFamily = (ids: number[]) => (ids.some((id) => pcFamily.includes(id)) ? [...new Set([...ids, ...pcFamily])] : ids);
  return { resolve, sameFamily, slugs: (row: ImportRow) => (row.kind === 'library' ? resolve(row.platforms).map((p) => p.slug) : []) };
}
export type Platforms = Awaited<ReturnType<typeof platformResolver>>;
