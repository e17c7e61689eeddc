// `npm run dev`: the API with reload on change (tsx watch, port 3000) and the
// Vite dev server with hot reload (port 5173, proxying /api and /uploads).
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync('npx', ['tsc', '-b', 'packages/shared'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: { ...process.env } }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && process.exit(code));
console.log('\nVGL dev: open http://localhost:5173 (API on http://localhost:3000)\n');
