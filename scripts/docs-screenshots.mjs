// `npm run docs:screenshots`: the README's and guides' pictures, taken from the
// built app so they show what the UI looks like today (rerun it when the UI
// changes). A throwaway SQLite DATA_DIR with the embedded catalog and the demo
// data, one member with a played, rated and reviewed year, Debian's Chromium
// through playwright-core (nothing downloaded), PNGs into docs/images/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { ROOT, seedDemo, startServer } from './bench/bench-server.mjs';

const CHROMIUM = '/usr/bin/chromium';
const OUT = path.join(ROOT, 'docs/images');
const MEMBER = { username: 'ada_plays', email: 'ada@example.invalid', password: 'Screenshots1only' };
const YEAR = new Date().getUTCFullYear() - 1;

/** Games the catalog has whatever its source, with what the member thought of them. */
const PLAYED = [
  { q: 'the legend of zelda', rating: 10, hours: 22, review: 'Still the best **first hour** of any game: a cave, a sword, and the whole map open.', month: 1 },
  { q: 'super mario bros 3', rating: 9, hours: 14, review: 'Every world has its own idea. *Giant Land* made me laugh out loud.', month: 2 },
  { q: 'tetris', rating: 8, hours: 30, review: 'Played one more game every night for a month.', month: 3 },
  { q: 'metroid', rating: 7, hours: 9, review: 'Hard to map, easy to love.', month: 5 },
  { q: 'castlevania', rating: 8, hours: 11, review: 'The stairs are the real enemy.', month: 7 },
  { q: 'pac-man', rating: 6, hours: 4, review: null, month: 9 },
  { q: 'chrono trigger', rating: 10, hours: 35, review: 'Worth every one of its endings.', month: 10 },
];

if (!fs.existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium".`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-docs-screenshots-'));
// One client takes every picture on a busy build machine: no per-client budget (the pages'
// reads come in bursts) and no load shedding (a first stats view may hold the loop a while).
const env = { DATA_DIR: dataDir, RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_SEARCH_PER_MINUTE: '0', SHED_EVENT_LOOP_DELAY_MS: '0' };
let server;
let browser;
try {
  console.log('Loading the embedded catalog and the demo data…');
  seedDemo(env);
  const created = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/cli.js'), 'user:create', MEMBER.username, MEMBER.email, '--password-stdin'], {
    cwd: ROOT,
    env: { WIKIDATA_SYNC: 'off', ...process.env, ...env, LOG_LEVEL: 'warn' },
    input: `${MEMBER.password}\n`,
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`user:create failed:\n${created.stderr || created.stdout}`);

  server = await startServer(env);
  const api = apiOf(server.url);
  const login = await api('POST', '/api/auth/login', { identifier: MEMBER.email, password: MEMBER.password });
  const member = apiOf(server.url, login.token);
  await member('PUT', '/api/profile', { bio: 'Retro first, one more game always. Screenshots member of a fresh VGL.' }).catch(() => undefined);

  const slugs = [];
  for (const game of PLAYED) {
    const [found] = await api('GET', `/api/igdb/search?q=${encodeURIComponent(game.q)}`);
    if (!found) continue;
    slugs.push(found.slug);
    const finishedOn = `${YEAR}-${String(game.month).padStart(2, '0')}-20`;
    const startedOn = `${YEAR}-${String(game.month).padStart(2, '0')}-02`;
    await member('PUT', `/api/users/${MEMBER.username}/library/${found.slug}`, {
      status: 2,
      rating: game.rating,
      platforms: [],
      review: game.review,
      startedOn,
      finishedOn,
      favourite: slugs.length <= 4,
      replay: false,
    });
    for (const day of [5, 9, 14]) {
      await member('POST', `/api/users/${MEMBER.username}/diary`, {
        game: found.slug,
        playedOn: `${YEAR}-${String(game.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        event: 'played',
        minutes: Math.round((game.hours * 60) / 3),
      });
    }
  }
  if (slugs.length === 0) throw new Error('The catalog found none of the games to log.');
  console.log(`Member ${MEMBER.username} logged ${slugs.length} games.`);

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: false,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  fs.mkdirSync(OUT, { recursive: true });
  const desktop = { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' };
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, reducedMotion: 'reduce' };
  await shoot(desktop, '/', 'landing.png');
  // A game page whose other names the browser's fonts can all draw (Debian's Chromium may lack CJK fonts).
  let shown = slugs[0];
  for (const slug of slugs) {
    const details = JSON.stringify(await api('GET', `/api/igdb/games/${slug}`));
    if (!/[\u3000-\u9fff\uac00-\ud7af]/.test(details)) {
      shown = slug;
      break;
    }
  }
  await shoot(desktop, `/games/${shown}`, 'game.png');
  await shoot(desktop, `/u/${MEMBER.username}`, 'profile.png');
  await shoot(desktop, `/u/${MEMBER.username}/stats?year=${YEAR}`, 'stats.png');
  await shoot(phone, `/u/${MEMBER.username}`, 'phone.png');
} finally {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function shoot(options, route, file) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  let failed = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
    // Covers and avatars come after the data: wait for the images the first screen shows.
    await page.waitForFunction(() => [...globalThis.document.images].every((image) => image.complete), null, { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    failed = await page.getByText(/could not be loaded/i).allInnerTexts();
    if (failed.length === 0) break;
    console.warn(`${route}: ${failed.join(' / ')} (try ${attempt} of 3)`);
  }
  if (failed.length > 0) throw new Error(`${route} showed an error instead of the page: ${failed.join(' / ')}`);
  const target = path.join(OUT, file);
  // A palette PNG: a quarter of the bytes, no visible loss on the app's flat colours.
  await sharp(await page.screenshot()).png({ palette: true, quality: 90, effort: 10 }).toFile(target);
  await context.close();
  console.log(`${path.relative(ROOT, target)}  ${Math.round(fs.statSync(target).size / 1024)} KB  (${route})`);
}

function apiOf(base, token) {
  return async (method, route, body) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}
