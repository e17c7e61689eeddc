import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../apps/server/src/config.js';
import { variablesReadInSource } from '../apps/server/src/test/settings-in-source.js';

/**
 * The docs stay true to the tree: every relative link reaches a file (and its
 * heading, when it names one), every `npm run` command exists, and the
 * configuration reference lists exactly the settings the server reads.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIGURATION = 'docs/operators/configuration.md';

function markdownUnder(dir: string): string[] {
  if (!fs.existsSync(path.join(ROOT, dir))) return [];
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

export function docFiles(): string[] {
  return ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...markdownUnder('docs')].filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** The text outside fenced code blocks (links and headings there are examples, not the page's own). */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = match[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** `[text](target)` and `<img src="target">` in a page's prose. */
export function linksOf(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  const links = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  links.push(...[...text.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((match) => match[1]!));
  return links;
}

/** What is wrong with each relative link of `file`: a missing file, or a missing heading for its #fragment. */
export function brokenLinks(file: string): string[] {
  const markdown = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const broken: string[] = [];
  for (const link of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue;
    const [target = '', fragment] = link.split('#', 2) as [string, string | undefined];
    const resolved = target === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(target));
    if (!fs.existsSync(resolved)) {
      broken.push(`${file}: ${link} (no such file)`);
    } else if (fragment && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(decodeURIComponent(fragment).toLowerCase())) {
      broken.push(`${file}: ${link} (no such heading)`);
    }
  }
  return broken;
}

function packageScripts(): Set<string> {
  const manifests = ['package.json', ...['packages', 'apps'].flatMap((dir) => fs.readdirSync(path.join(ROOT, dir)).map((name) => path.join(dir, name, 'package.json')))];
  const scripts = new Set<string>();
  for (const manifest of manifests.filter((file) => fs.existsSync(path.join(ROOT, file)))) {
    for (const name of Object.keys((JSON.parse(fs.readFileSync(path.join(ROOT, manifest), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {})) scripts.add(name);
  }
  return scripts;
}

/** `npm run x` anywhere in the docs; a pattern such as `npm run bench:*` names no one script. */
function npmRunCommands(markdown: string): string[] {
  return [...markdown.matchAll(/npm run(?: -s)? ([a-z][\w:.-]*)(\*)?/g)].filter((match) => !match[2]).map((match) => match[1]!);
}

/** The settings the configuration reference documents: the backticked names in its tables' first column. */
function documentedSettings(): Set<string> {
  const names = new Set<string>();
  for (const line of fs.readFileSync(path.join(ROOT, CONFIGURATION), 'utf8').split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

describe('the docs', () => {
  const files = docFiles();

  it('include the README, the guides and the configuration reference', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', CONFIGURATION, 'docs/api.md']));
  });

  it('link only to files and headings that exist', () => {
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('name only npm scripts that exist', () => {
    const scripts = packageScripts();
    const unknown = files.flatMap((file) => npmRunCommands(fs.readFileSync(path.join(ROOT, file), 'utf8')).filter((name) => !scripts.has(name)).map((name) => `${file}: npm run ${name}`));
    expect(unknown).toEqual([]);
  });

  it('document every setting the server reads, and no other', () => {
    const readInSource = variablesReadInSource();
    const known = new Set([...SETTING_NAMES, ...readInSource.keys()]);
    const documented = documentedSettings();
    const missing = [...known].filter((name) => !documented.has(name)).map((name) => `${name} (read in ${readInSource.get(name) ?? 'config.ts'})`);
    expect(missing, `add these to ${CONFIGURATION}`).toEqual([]);
    expect([...documented].filter((name) => !known.has(name)), `these are in ${CONFIGURATION} but nothing in apps/server/src reads them`).toEqual([]);
  });

  it('catch a broken link (the check itself works)', () => {
    expect(linksOf('See [the guide](docs/nowhere.md) and [a heading](#real).\n\n## Real\n')).toEqual(['docs/nowhere.md', '#real']);
    expect(anchorsOf('## Tests and databases\n## Catalog benchmark (`npm run bench:catalog`)\n')).toEqual(new Set(['tests-and-databases', 'catalog-benchmark-npm-run-benchcatalog']));
  });
});
