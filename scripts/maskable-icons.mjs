// Renders the maskable app icons (manifest "purpose": "maskable") from
// apps/web/public/img/icons/icon-maskable.svg. The PNGs are committed; run
// this again after changing the SVG: node scripts/maskable-icons.mjs
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(import.meta.dirname, '../apps/web/public/img/icons');
for (const size of [192, 512]) {
  await sharp(path.join(dir, 'icon-maskable.svg'), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, `icon-maskable-${size}.png`));
}
