/**
 * A progress bar for the tool's long work (imports, backups): on a terminal one line redrawn in
 * place (at most every 100 ms) with the bar, percent, count and time left; piped or in a log, a
 * plain line at each tenth, so logs stay readable. It writes to stderr: stdout is the result.
 */

/** What the bar writes to: a stream, with isTTY and columns when it is a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** `n` more done (default 1); `label` replaces what is being done. */
  tick(n?: number, label?: string): void;
  /** Sets how much is done. */
  update(done: number, label?: string): void;
  /** Ends the bar (100 % unless `done` says otherwise) with an optional closing line. */
  finish(message?: string): void;
}

const REDRAW_MS = 100;

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
    : s >= 60
      ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
      : `${s}s`;
}

export function progressBar(total: number, label: string, stream: ProgressStream, now: () => number = Date.now): Progress {
  const started = now();
  const tty = stream.isTTY === true;
  let done = 0;
  let current = label;
  let lastDraw = 0;
  let lastTenth = -1;
  let finished = false;

  const percent = () => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100);

  function line(): string {
    const p = percent();
    const elapsed = now() - started;
    const eta = done > 0 && done < total ? ` ${duration((elapsed / done) * (total - done))} left` : '';
    const text = `${p.toString().padStart(3)}% ${done}/${total}${eta} ${current}`;
    const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - text.length - 4));
    const filled = Math.round((p / 100) * width);
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}`;
  }

  function draw(force: boolean): void {
    if (finished) return;
    if (tty) {
      const t = now();
      if (!force && t - lastDraw < REDRAW_MS) return;
      lastDraw = t;
      stream.write(`\r\x1b[K${line().slice(0, (stream.columns ?? 80) - 1)}`);
      return;
    }
    const tenth = Math.floor(percent() / 10);
    if (tenth === lastTenth && !force) return;
    lastTenth = tenth;
    stream.write(`${current}: ${percent()}% (${done}/${total})\n`);
  }

  draw(true);
  return {
    tick(n = 1, newLabel) {
      done = Math.min(total, done + n);
      if (newLabel !== undefined) current = newLabel;
      draw(done === total);
    },
    update(value, newLabel) {
      done = Math.max(0, Math.min(total, value));
      if (newLabel !== undefined) current = newLabel;
      draw(done === total);
    },
    finish(message) {
      if (finished) return;
      if (tty) {
        draw(true);
        stream.write('\n');
      } else if (lastTenth !== Math.floor(percent() / 10)) {
        draw(true);
      }
      finished = true;
      if (message) stream.write(`${message}\n`);
    },
  };
}
