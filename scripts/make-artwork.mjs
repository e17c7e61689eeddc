// Renders VGL's original artwork (drawn here as SVG) to the raster files the
// app serves: logo, share image, app icons, favicon and the error-screen
// backgrounds. Run `node scripts/make-artwork.mjs` after changing a drawing;
// the outputs are committed, so nobody else needs to.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve('apps/web/public');
const img = (...p) => path.join(out, 'img', ...p);
fs.mkdirSync(img('errors'), { recursive: true });
fs.mkdirSync(img('avatars'), { recursive: true });
fs.mkdirSync(img('icons'), { recursive: true });

// Deterministic pseudo-random numbers, so re-running gives identical files.
let seed = 20261122;
const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);

const ACCENT = ['#8b5cf6', '#ec4899', '#f59e0b', '#10b981', '#3b82f6', '#ef4444', '#14b8a6', '#eab308'];

/** The mark: a rounded tile with a play-shaped path and a half star — play, rate, remember. */
function markSvg(size) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs>
  <rect x="2" y="2" width="60" height="60" rx="16" fill="url(#g)"/>
  <path d="M20 17 L46 32 L20 47 Z" fill="#fff" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>
  <path d="M46 40 l3.1 6.3 6.9 1 -5 4.9 1.2 6.9 -6.2 -3.3z" fill="#fde047"/>
  <path d="M46 40 l-3.1 6.3 -6.9 1 5 4.9 -1.2 6.9 6.2 -3.3z" fill="#fde047" opacity="0.45"/>
</svg>`;
}

/** A wall of tilted game-cover shapes, the backdrop of the share image. */
function coverWall(width, height, opacity) {
  let shapes = '';
  for (let col = -1; col < width / 110 + 1; col++) {
    for (let row = -1; row < height / 150 + 1; row++) {
      const x = col * 118 + (row % 2) * 40;
      const y = row * 158 + col * 12;
      const c1 = ACCENT[Math.floor(rand() * ACCENT.length)];
      const c2 = ACCENT[Math.floor(rand() * ACCENT.length)];
      const id = `c${col}_${row}`.replace(/-/g, 'm');
      shapes += `<linearGradient id="${id}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}" stop-opacity="0.6"/></linearGradient>
      <rect x="${x}" y="${y}" width="100" height="140" rx="8" fill="url(#${id})" opacity="${opacity}"/>`;
    }
  }
  return `<g transform="rotate(-12 ${width / 2} ${height / 2})">${shapes}</g>`;
}

function shareImageSvg() {
  const w = 1200;
  const h = 630;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0.25" stop-color="#0d0f17"/><stop offset="1" stop-color="#0d0f17" stop-opacity="0.35"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="#0d0f17"/>
  ${coverWall(w, h, 0.55)}
  <rect width="${w}" height="${h}" fill="url(#fade)"/>
  <g transform="translate(88 150) scale(2.2)">${markSvg(64).replace(/<\/?svg[^>]*>/g, '')}</g>
  <text x="250" y="240" font-family="DejaVu Sans" font-weight="bold" font-size="92" fill="#fff">VGL</text>
  <text x="88" y="390" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#fff">Track Your Gaming Journey</text>
  <text x="88" y="460" font-family="DejaVu Sans" font-size="30" fill="#c4c8d8">Log what you play. Rate it. Review it. Share it with friends.</text>
</svg>`;
}

/** Pixel art on a dark starfield: a tumbling broken cartridge (404) or a padlock (403). */
function errorSvg(kind) {
  const w = 1600;
  const h = 900;
  let stars = '';
  for (let i = 0; i < 160; i++) {
    const r = rand() * 1.8 + 0.4;
    stars += `<circle cx="${(rand() * w).toFixed(1)}" cy="${(rand() * h).toFixed(1)}" r="${r.toFixed(2)}" fill="#fff" opacity="${(0.2 + rand() * 0.6).toFixed(2)}"/>`;
  }
  const cartridge = [
    '..XXXXXXXXXX..',
    '.XXXXXXXXXXXX.',
    '.XXooooooooXX.',
    '.XXo......oXX.',
    '.XXo.PPPP.oXX.',
    '.XXo.P..P.oXX.',
    '.XXo.PPPP.oXX.',
    '.XXo......oX..',
    '.XXooooooooX.X',
    '.XXXXXXXXXX..X',
    '.XXXXXXXXX.XXX',
    '..X.X.X.X..X..',
  ];
  const lock = [
    '....XXXXXX....',
    '...XX....XX...',
    '..XX......XX..',
    '..XX......XX..',
    '..XX......XX..',
    '.XXXXXXXXXXXX.',
    '.XooooooooooX.',
    '.XoooPPPPoooX.',
    '.XoooPPPPoooX.',
    '.XooooPPooooX.',
    '.XooooPPooooX.',
    '.XooooooooooX.',
    '.XXXXXXXXXXXX.',
  ];
  const grid = kind === '404' ? cartridge : lock;
  const colours = kind === '404' ? { X: '#8b5cf6', o: '#c4b5fd', P: '#ec4899' } : { X: '#f59e0b', o: '#fcd34d', P: '#1f2333' };
  const cell = 26;
  const ox = w * 0.68;
  const oy = h * 0.22;
  let pixels = '';
  grid.forEach((line, y) =>
    [...line].forEach((ch, x) => {
      if (colours[ch]) pixels += `<rect x="${ox + x * cell}" y="${oy + y * cell}" width="${cell - 2}" height="${cell - 2}" fill="${colours[ch]}"/>`;
    }),
  );
  const tilt = kind === '404' ? 'rotate(14 1250 360)' : '';
  const glow = kind === '404' ? '#8b5cf6' : '#f59e0b';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <radialGradient id="bg" cx="0.7" cy="0.4" r="0.9"><stop offset="0" stop-color="#1b1630"/><stop offset="1" stop-color="#07080d"/></radialGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${glow}" stop-opacity="0.35"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${stars}
  <circle cx="${ox + 180}" cy="${oy + 160}" r="360" fill="url(#glow)"/>
  <g transform="${tilt}">${pixels}</g>
</svg>`;
}

const avatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80" role="img" aria-label="Default avatar">
  <defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b3f5c"/><stop offset="1" stop-color="#23263a"/></linearGradient></defs>
  <rect width="80" height="80" rx="40" fill="url(#a)"/>
  <circle cx="40" cy="31" r="14" fill="#8f95b2"/>
  <path d="M14 70c3-14 14-22 26-22s23 8 26 22a38 38 0 0 1-52 0z" fill="#8f95b2"/>
</svg>
`;

/** A .ico file holding PNG images (supported by every current browser). */
function icoFromPngs(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const png = (svg, size) => sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

await sharp(Buffer.from(markSvg(256))).resize(128, 128).png({ compressionLevel: 9 }).toFile(img('logo.png'));
for (const size of [192, 512]) await sharp(await png(markSvg(size), size)).toFile(img('icons', `icon-${size}.png`));
await sharp(await png(markSvg(180), 180)).toFile(img('icons', 'apple-touch-icon.png'));
const favicons = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(markSvg(size), size) })));
fs.writeFileSync(path.join(out, 'favicon.ico'), icoFromPngs(favicons));
fs.writeFileSync(img('icons', 'icon.svg'), markSvg(64));
const heroSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#0d0f17"/>${coverWall(1600, 900, 0.7)}</svg>`;
await sharp(Buffer.from(heroSvg)).webp({ quality: 70 }).toFile(img('hero.webp'));
await sharp(Buffer.from(heroSvg)).resize(800).webp({ quality: 65 }).toFile(img('hero-small.webp'));
await sharp(Buffer.from(shareImageSvg())).jpeg({ quality: 84, mozjpeg: true }).toFile(img('og-image.jpg'));
for (const kind of ['404', '403']) {
  const svg = errorSvg(kind);
  await sharp(Buffer.from(svg)).webp({ quality: 78 }).toFile(img('errors', `${kind}.webp`));
  await sharp(Buffer.from(svg)).resize(800).webp({ quality: 72 }).toFile(img('errors', `${kind}-small.webp`));
}
fs.writeFileSync(img('avatars', 'avatar-default.svg'), avatarSvg);
console.log('artwork written to', out);
