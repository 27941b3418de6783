import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/** FFMPEG_PATH, else `ffmpeg` on PATH, else the static build from @ffmpeg-installer/ffmpeg. */
export function locateFfmpeg(override: string | null): string {
  if (override) return override;
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (probe.status === 0) return 'ffmpeg';
  const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}

/** Runs ffmpeg to the end; a failure carries the last 2,000 characters it wrote to stderr. */
export function runFfmpeg(ffmpeg: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${stderr.trim()}`))));
  });
}
