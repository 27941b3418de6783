// `npm start`: builds what is missing or older than its sources (the PWA with Vite, the server
// with esbuild into dist-server/), then runs the server as plain JavaScript: it serves the PWA,
// the API and the media from one process. Plain JavaScript itself, so starting needs no
// TypeScript loader.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** Runs `make` when `stamp` is missing or older than any of `sources`, then writes the stamp. */
async function whenStale(label, stamp, sources, make) {
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...sources.map((s) => newest(join(root, s)))) <= builtAt) return;
  console.log(`Building ${label}…`);
  await make();
  writeFileSync(stamp, new Date().toISOString());
}

await whenStale(
  'the PWA',
  join(root, 'dist', '.build-stamp'),
  ['src', 'sw', 'workers', 'protocol', 'public', 'index.html', 'vite.config.ts', 'package.json'],
  () => {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  },
);

const serverOut = join(root, 'dist-server');
await whenStale('the server', join(serverOut, '.build-stamp'), ['server', 'protocol', 'package.json'], async () => {
  const { buildServer } = await import('./build-server.mjs');
  await buildServer(root, serverOut);
});

await import(pathToFileURL(join(serverOut, 'main.js')).href);
