// Writes .br and .gz next to each compressible file of the web build, so the
// server sends the smallest encoding (at maximum quality) without compressing
// static files on every request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'apps/web/dist');
const compressible = /\.(js|css|svg|json|webmanifest|txt|ico)$/;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !compressible.test(entry.name) || entry.name.endsWith('.map')) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = zlib.gzipSync(data, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += data.length;
  after += br.length;
}
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (brotli)`);
