/** Seconds kept clear at both ends of a long video: resuming that close to either end helps nobody. */
export const RESUME_MARGIN_S = 5;
/** Within this many seconds of the end (shorter for short clips) a video counts as finished. */
export const FINISH_MARGIN_S = 3;

/** Short clips get proportionally smaller margins, so a 10 s clip can still be resumed mid-way. */
function margin(limit: number, duration: number): number {
  return Math.min(limit, duration / 5);
}

/** True once playback is close enough to the end to count the video as watched. */
export function isFinished(position: number, duration: number): boolean {
  if (!Number.isFinite(position) || !Number.isFinite(duration) || duration <= 0) return false;
  return position >= duration - margin(FINISH_MARGIN_S, duration);
}

/** Where to resume a video from a stored watch position, or null to start from the beginning. */
export function resumePosition(position: unknown, duration: number): number | null {
  if (typeof position !== 'number' || !Number.isFinite(position)) return null;
  if (!Number.isFinite(duration) || duration <= 0) return null;
  const edge = margin(RESUME_MARGIN_S, duration);
  if (position <= edge || position >= duration - edge || isFinished(position, duration)) return null;
  return position;
}
