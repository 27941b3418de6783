import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/** FFMPEG_PATH, else `ffmpeg` on PATH, else the static build from @ffmpeg-installer/ffmpeg. */
export function locateFfmpeg(override: string | null): string {
  if (override) return override;
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (probe.status === 0) return 'ffmpeg';
  const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}
