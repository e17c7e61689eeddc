// Run by `npm run build -w apps/server` after tsc: writes apps/server/dist/main.js
// (what `npm start` runs) as one file holding the server's own code and
// @vgl/shared, with the packages of node_modules left as imports.
//
// Why: Node 20's ES module loader spent about a third of a restart's CPU
// resolving, reading and linking the ~450 small modules of apps/server and
// packages/shared one by one; as one module that is ~200 ms less per start
// (docs/benchmarks.md, "Start-up and memory"). tsc's per-file output stays
// beside it in dist/ for the CLI (dist/cli.js), the benchmarks, and the worker
// threads, which load their own files.
//
// A module's `import.meta.url` is its own file's, not the bundle's: code that
// finds files next to itself (the catalog's data, package.json, the web app)
// finds the same ones as from tsc's output.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const server = path.resolve(import.meta.dirname, '../apps/server');
const src = path.join(server, 'src');
const dist = path.join(server, 'dist');
const { dependencies } = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
// Packages stay in node_modules (native addons, lazy requires, their own files), except @vgl/shared and two
// libraries of many small ES modules that only the server's code imports (kysely: ~280, jose: ~60), so one
// copy of each is loaded either way. zod stays out: fastify-type-provider-zod imports it too, and the schemas'
// `instanceof` checks need the one copy.
const INLINED = new Set(['@vgl/shared', 'kysely', 'jose']);
const external = Object.keys(dependencies)
  .filter((name) => !INLINED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const ownMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url') && args.path.startsWith(src + path.sep)) {
        // dist/main.js is at dist/'s root, as src/main.ts is at src/'s: the tsc output's own path, relative to it.
        const own = `./${path.relative(src, args.path).split(path.sep).join('/').replace(/\.ts$/, '.js')}`;
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

await esbuild.build({
  entryPoints: [path.join(src, 'main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  // Names as written: logs, stack traces and error classes read the same as from tsc's output.
  keepNames: true,
  logLevel: 'warning',
  plugins: [ownMetaUrl],
});
