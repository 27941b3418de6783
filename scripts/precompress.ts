import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser downloads; images, fonts and video are compressed formats already. */
const TEXT = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
export const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text file of the
 * build, once, at build time; the server sends them with Content-Encoding (`@fastify/static`
 * `preCompressed`), so no request pays for compression. A compressed copy that is not smaller than
 * the file is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && TEXT.test(e.name))
      .map(async (e) => {
        const path = join(e.parentPath, e.name);
        const body = await readFile(path);
        if (body.length < MIN_BYTES) return;
        const [b, g] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        totals.files += 1;
        totals.bytes += body.length;
        if (b.length < body.length) {
          await writeFile(`${path}.br`, b);
          totals.br += b.length;
        }
        if (g.length < body.length) {
          await writeFile(`${path}.gz`, g);
          totals.gz += g.length;
        }
      }),
  );
  return totals;
}

/** Vite plugin: precompress the output folder after every other plugin (the service worker included) wrote to it. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'md:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = join(config.root, config.build.outDir);
        if (!(await stat(outDir).catch(() => null))) return;
        const t = await precompressDir(outDir);
        config.logger.info(
          `precompressed ${t.files} files: ${(t.bytes / 1024).toFixed(0)} KB → br ${(t.br / 1024).toFixed(0)} KB, gzip ${(t.gz / 1024).toFixed(0)} KB`,
        );
      },
    },
  };
}
