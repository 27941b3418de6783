// `npm start`: builds the PWA when the build is missing or older than its sources, then starts
// the server, which serves the PWA, the API and the media from one process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');
const sources = ['src', 'sw', 'workers', 'protocol', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newest(join(root, s))));
if (!existsSync(join(root, 'dist', 'index.html')) || sourcesAt > builtAt) {
  console.log('Building the PWA…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

await import('../server/main.ts');
