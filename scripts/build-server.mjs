// Bundles the server (server/ and the protocol/ code it shares) into one ES module with esbuild, and
// the operators' tool into another;
// packages stay in node_modules (native ones like sharp and PGlite's WASM cannot be bundled).
// The SQL migrations travel beside it: server/db/migrate.ts reads them next to itself.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export async function buildServer(root, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    // The server, and the operators' tool (`node dist-server/md.js`, what `npm run md` runs without tsx).
    entryPoints: [
      { in: join(root, 'server', 'main.ts'), out: 'main' },
      { in: join(root, 'server', 'cli', 'md.ts'), out: 'md' },
    ],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(join(root, 'server', 'db', 'migrations'), join(outDir, 'migrations'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer(join(import.meta.dirname, '..'), join(import.meta.dirname, '..', 'dist-server'));
