// Builds data/catalog/mame-seed.jsonl.gz — VGL's embedded open catalog — from
// Debian's CC0 MAME software lists (package mame-data, see CATALOG.md):
//   apt-get download mame-data && dpkg -x mame-data_*.deb /tmp/mame
//   node scripts/catalog/build-seed.mjs /tmp/mame/usr/share/games/mame/hash
// Output: one JSON object per line, in the catalog:import format (README).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { igdbPlatformFor, isGameList, machineName } from './mame-platforms.mjs';
import { mergeKey, slugify, titleOf } from './titles.mjs';

const hashDir = process.argv[2];
if (!hashDir || !fs.existsSync(hashDir)) {
  console.error('usage: node scripts/catalog/build-seed.mjs <path to mame hash/ folder>');
  process.exit(1);
}
const outFile = path.resolve(process.argv[3] ?? 'data/catalog/mame-seed.jsonl.gz');
const reference = JSON.parse(fs.readFileSync(path.resolve('data/catalog/igdb-reference.json'), 'utf8'));
const igdbSlugById = new Map(reference.platforms.map((p) => [p.id, p.slug]));

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['software', 'info', 'part'].includes(name) });
const PLACEHOLDER_PUBLISHER = /^<.*>$|^unknown$/i;

function publishersOf(raw) {
  if (!raw || PLACEHOLDER_PUBLISHER.test(raw.trim())) return [];
  return raw
    .split(/\s+\/\s+/)
    .map((p) => p.replace(/^[^(]*[^\p{ASCII}][^(]*\((.+)\)$/u, '$1').trim()) // "日本語 (Romanised)" → "Romanised"
    .filter((p) => p && !PLACEHOLDER_PUBLISHER.test(p));
}

function releaseDateOf(software) {
  const info = (software.info ?? []).find((i) => i.name === 'release')?.value;
  const m = info?.match(/^(\d{4})(\d{2})(\d{2})$/);
  if (!m) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  // Real calendar dates only (the lists hold a few like 19990231).
  if (!Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date)) return date;
  return undefined;
}

const localPlatforms = new Map();
const entries = [];
let lists = 0;
let skippedLists = 0;

for (const file of fs.readdirSync(hashDir).filter((f) => f.endsWith('.xml')).sort()) {
  const xml = fs.readFileSync(path.join(hashDir, file), 'utf8');
  if (!xml.includes('license:CC0')) continue;
  const doc = parser.parse(xml).softwarelist;
  if (!doc?.software || !isGameList(doc.name)) {
    skippedLists += 1;
    continue;
  }
  lists += 1;
  const igdbId = igdbPlatformFor(doc.name);
  let platform = igdbId ? igdbSlugById.get(igdbId) : undefined;
  if (!platform) {
    const name = machineName(doc.description ?? doc.name);
    platform = `mame-${slugify(name)}`;
    localPlatforms.set(platform, name);
  }
  const clonesOf = new Map();
  for (const s of doc.software) if (s.cloneof) clonesOf.set(s.cloneof, [...(clonesOf.get(s.cloneof) ?? []), s.description]);

  for (const s of doc.software) {
    if (s.cloneof || typeof s.description !== 'string') continue;
    const publisher = String(s.publisher ?? '');
    if (/<pirate>|<bootleg>/i.test(publisher) || /\bhack\b|\(pirate|bootleg/i.test(s.description)) continue;
    const name = titleOf(s.description);
    // File-name-like titles ("56k_system_master_early") are utilities, not games.
    if (!name || name.length > 200 || (/_/.test(name) && !/\s/.test(name))) continue;
    // A NES/SNES game released only in Japan is a Famicom/Super Famicom game in IGDB's terms.
    let entryPlatform = platform;
    if (doc.name === 'nes' || doc.name === 'snes') {
      const all = [s.description, ...(clonesOf.get(s.name) ?? [])];
      if (all.every((d) => /\(Japan/.test(d))) entryPlatform = igdbSlugById.get(doc.name === 'nes' ? 99 : 58) ?? platform;
    }
    const year = /^\d{4}$/.test(String(s.year)) ? Number(s.year) : undefined;
    const altTitle = (s.info ?? []).find((i) => i.name === 'alt_title')?.value;
    entries.push({
      name,
      key: mergeKey(name),
      year,
      releaseDate: releaseDateOf(s),
      publishers: publishersOf(publisher),
      platform: entryPlatform,
      altNames: altTitle ? [String(altTitle)] : [],
    });
  }
}

// One game per normalised title and era: the same title on several platforms
// within a few years is one game; a remake a decade later is another.
const byKey = new Map();
for (const e of entries) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
const games = [];
for (const group of byKey.values()) {
  group.sort((a, b) => (a.year ?? 9999) - (b.year ?? 9999));
  const clusters = [];
  for (const e of group) {
    const target = clusters.find((c) => e.year === undefined || c.year === undefined || Math.abs(c.year - e.year) <= 3);
    if (target) {
      target.platforms.add(e.platform);
      e.publishers.forEach((p) => target.publishers.add(p));
      e.altNames.forEach((n) => n !== target.name && target.altNames.add(n));
      target.year ??= e.year;
      if (e.releaseDate && (!target.releaseDate || e.releaseDate < target.releaseDate)) target.releaseDate = e.releaseDate;
    } else {
      clusters.push({ ...e, platforms: new Set([e.platform]), publishers: new Set(e.publishers), altNames: new Set(e.altNames) });
    }
  }
  games.push(...clusters);
}

// Stable, unique slugs: the name, then the year, then a counter.
games.sort((a, b) => a.name.localeCompare(b.name) || (a.year ?? 0) - (b.year ?? 0));
const used = new Set();
for (const g of games) {
  let slug = slugify(g.name) || 'game';
  if (used.has(slug) && g.year) slug = `${slug}-${g.year}`;
  for (let i = 2; used.has(slug); i += 1) slug = `${slugify(g.name)}-${i}`;
  used.add(slug);
  g.slug = slug;
}

const lines = [
  ...[...localPlatforms].sort().map(([slug, name]) => JSON.stringify({ kind: 'platform', slug, name })),
  ...games.map((g) =>
    JSON.stringify({
      name: g.name,
      slug: g.slug,
      ...(g.releaseDate ? { releaseDate: g.releaseDate } : g.year ? { year: g.year } : {}),
      platforms: [...g.platforms].sort(),
      ...(g.publishers.size ? { publishers: [...g.publishers].slice(0, 4) } : {}),
      ...(g.altNames.size ? { altNames: [...g.altNames].slice(0, 4) } : {}),
    }),
  ),
];
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
const multi = games.filter((g) => g.platforms.size > 1).length;
console.log(`${lists} lists read (${skippedLists} skipped), ${entries.length} parent entries → ${games.length} games (${multi} on 2+ platforms), ${localPlatforms.size} local platforms`);
console.log(`wrote ${outFile} (${(fs.statSync(outFile).size / 1024 / 1024).toFixed(1)} MiB)`);
