import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants, setPriority } from 'node:os';

/** FFMPEG_PATH, else `ffmpeg` on PATH, else the static build from @ffmpeg-installer/ffmpeg. */
export function locateFfmpeg(override: string | null): string {
  if (override) return override;
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (probe.status === 0) return 'ffmpeg';
  const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}

export interface RunOptions {
  /** Kills ffmpeg when aborted; the run then fails with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Called with the seconds of output written so far; the arguments must ask for them with
   * `-progress pipe:1` (progressArgs).
   */
  onTime?: (seconds: number) => void;
  /** The lowest CPU priority (nice 19): work done while the site answers takes only idle time. */
  lowPriority?: boolean;
}

/** Arguments that make ffmpeg report its position on stdout for RunOptions.onTime, without the stats line. */
export const progressArgs = ['-progress', 'pipe:1', '-nostats'];

/** Runs ffmpeg to the end; a failure carries the last 2,000 characters it wrote to stderr. */
export function runFfmpeg(ffmpeg: string, args: string[], cwd?: string, options: RunOptions = {}): Promise<void> {
  const { signal, onTime } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const child = spawn(ffmpeg, args, { cwd, stdio: ['ignore', onTime ? 'pipe' : 'ignore', 'pipe'] });
    if (options.lowPriority && child.pid !== undefined) {
      try {
        setPriority(child.pid, constants.priority.PRIORITY_LOW);
      } catch {
        // Not permitted here: it runs at the normal priority.
      }
    }
    let stderr = '';
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    if (onTime && child.stdout) {
      let partial = '';
      child.stdout.on('data', (d: Buffer) => {
        const lines = (partial + d.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          // out_time=00:00:01.234567 (out_time_ms is microseconds in some versions: the clock form is unambiguous).
          const time = /^out_time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(line);
          if (time) onTime(Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]));
        }
      });
    }
    child.on('error', reject);
    child.on('exit', (code) => {
      signal?.removeEventListener('abort', kill);
      if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited ${code}: ${stderr.trim()}`));
    });
  });
}
